"""Discord game master: rule engines, table service, storage and the Discord client."""
