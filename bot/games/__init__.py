"""The games, each a package with its engine, computer player, texts and data files."""
