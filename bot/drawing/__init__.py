"""What runs inside a drawing process (``bot.table.painter``'s pool): a board drawn and named, and
the warm-up before the first click.

Nothing here imports the table service, the storage or Discord, so a worker loads only what drawing
needs (the renderers, the games' engines for the warm-up, the catalogues). A worker that imported
``bot.table`` held about 7 MB more after its warm-up and under load (62 against 72 MB warmed up).
"""
