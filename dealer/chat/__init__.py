"""The chat assistant: understanding a visitor's question and answering it."""
