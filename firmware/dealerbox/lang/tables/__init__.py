"""The language tables, one module per language but English: ``<code>.py`` holding one dict ``T`` (dealerbox.lang)."""
