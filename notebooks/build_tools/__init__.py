"""The notebooks' build tools: bilingual sources -> notebooks, handouts, printables, the outline.

Run from the repository (``PYTHONPATH=notebooks python -m build_tools.build``, as the Makefile
does); they are no part of the installed ``warkit_widgets``, so a student's kernel never
imports them.
"""
