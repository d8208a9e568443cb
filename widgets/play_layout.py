"""The dashboard's layout from a phone (390 px wide) to a projector, in CSS only.

ipywidgets lay boxes out with flexbox; these rules let rows wrap, keep fixed-width controls
inside the screen and scale the text with the screen. The map canvas already shrinks with
its box (``width: 100%``) and clicks and taps are mapped back by ipycanvas; a finger may pan
(scroll the page) and pinch on it (``touch-action: manipulation``), which works because
:class:`~warkit_widgets.page_keys.PageKeys` keeps ipycanvas from cancelling the touches.
"""

from __future__ import annotations

LAYOUT_STYLE = """<style>
.warkit-play{max-width:100%;overflow-x:hidden;box-sizing:border-box}
.warkit-play *{box-sizing:border-box}
.warkit-play .widget-hbox{flex-wrap:wrap;max-width:100%}
.warkit-play .widget-vbox{max-width:100%;min-width:0}
.warkit-play .widget-dropdown,.warkit-play .widget-text,.warkit-play .widget-slider,
.warkit-play .widget-toggle-buttons,.warkit-play .widget-button,
.warkit-play .widget-upload{max-width:100%}
.warkit-play .widget-dropdown select{max-width:100%;text-overflow:ellipsis}
.warkit-play .widget-html,.warkit-play .widget-html-content{max-width:100%;
 overflow-wrap:anywhere}
.warkit-play canvas.warkit-map{touch-action:manipulation}
.warkit-resume button{white-space:normal;height:auto;min-height:28px;text-align:left}
.wk-end-report .wk-charts{display:flex;flex-wrap:wrap;gap:10px}
.wk-end-report .wk-chart{flex:1 1 300px}
@media (max-width:600px){
 .warkit-play{font-size:14px}
 .warkit-play .warkit-board>.widget-vbox{flex:1 1 100% !important;min-width:0 !important}
 .warkit-play .warkit-setup .widget-hbox>.widget-html{flex:1 1 100%}
 .warkit-play .widget-slider{width:100% !important}
 .warkit-play .widget-dropdown{width:auto !important;flex:1 1 12em}
 .warkit-play .widget-text{width:auto !important;flex:1 1 10em}
 .wk-head-title{font-size:16px}
}
@media (min-width:1800px){
 .warkit-play{font-size:18px}
 .warkit-play .warkit-board>.widget-vbox:first-child{flex:3 1 1100px !important}
 .warkit-play canvas.warkit-map{max-width:1400px !important}
 .wk-players,.wk-log,.wk-secret,.wk-status{font-size:17px !important}
}
</style>"""
"""The layout rules (put once in the page, next to :data:`~warkit_widgets.play_html.PLAY_STYLE`)."""
