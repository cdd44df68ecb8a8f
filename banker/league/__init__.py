"""The league: finished games from many evenings and tables, a catalogue beside the ledgers (SQLModel, on a SQLite
file or a PostgreSQL server). Never imported on the action path: only `banker league` and the League screen load it.
"""
