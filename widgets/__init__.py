"""warkit_widgets: Jupyter widgets (map, dice, hand, odds) over the warkit engine."""
