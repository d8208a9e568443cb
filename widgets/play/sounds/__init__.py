"""The game's sound effects (WAV files only; made by ``notebooks/build_tools/sounds.py``)."""
