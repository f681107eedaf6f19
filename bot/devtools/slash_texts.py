"""A Babel extraction method for slash commands: the names and descriptions discord.py declares.

discord.py hands every command name, description, parameter name and parameter description to the
bot's ``app_commands.Translator`` (``auto_locale_strings``), but they are written as plain strings in
decorators and signatures, where ``pybabel``'s Python extractor does not look. This reads them from
the syntax tree: ``group_name``/``group_description`` of a ``GroupCog``, ``@app_commands.command(name=,
description=)``, ``@app_commands.describe(param=...)`` and the parameters of a command's function. Each
comes out under the ``slash command`` context (``cogs/translator.py`` looks them up there), so the
command ``new`` and a sentence's "new" are translated apart.
"""

from __future__ import annotations

import ast
from collections.abc import Collection, Iterator, Mapping
from typing import Any

from bot.i18n.table import SLASH_CONTEXT

SKIPPED_PARAMETERS = {"self", "interaction"}


def _strings(call: ast.Call, names: Collection[str]) -> Iterator[tuple[int, str]]:
    for keyword in call.keywords:
        value = keyword.value
        if (keyword.arg in names or not names) and isinstance(value, ast.Constant) and isinstance(value.value, str):
            yield value.lineno, value.value


def _decorator_name(node: ast.expr) -> str:
    target = node.func if isinstance(node, ast.Call) else node
    return target.attr if isinstance(target, ast.Attribute) else getattr(target, "id", "")


def _command(function: ast.FunctionDef | ast.AsyncFunctionDef) -> Iterator[tuple[int, str]]:
    calls = [d for d in function.decorator_list if isinstance(d, ast.Call)]
    if not any(_decorator_name(call) == "command" for call in calls):
        return
    for call in calls:
        if _decorator_name(call) == "command":
            yield from _strings(call, ("name", "description"))
        elif _decorator_name(call) == "describe":
            yield from _strings(call, ())
    for argument in function.args.args + function.args.kwonlyargs:
        if argument.arg not in SKIPPED_PARAMETERS:
            yield argument.lineno, argument.arg


def _found(tree: ast.Module) -> Iterator[tuple[int, str]]:
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef):
            for keyword in node.keywords:
                if keyword.arg in ("group_name", "group_description") and isinstance(keyword.value, ast.Constant):
                    yield keyword.value.lineno, str(keyword.value.value)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            yield from _command(node)


def extract_slash_commands(
    fileobj: Any, keywords: Any, comment_tags: Collection[str], options: Mapping[str, Any]
) -> Iterator[Any]:
    """Babel's extraction-method signature; yields ``_p(SLASH_CONTEXT, text)`` calls."""
    tree = ast.parse(fileobj.read())
    for lineno, text in _found(tree):
        yield lineno, "_p", (SLASH_CONTEXT, text), []
