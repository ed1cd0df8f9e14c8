"""The anywidget tables: one thin class per game (engine → view() → synced trait → JS)."""
