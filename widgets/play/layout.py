"""The dashboard's look and layout, from a phone (390 px wide) to a projector, in CSS only.

The buttons' icons (ipywidgets' ``icon="plus"`` → ``<i class="fa fa-plus">``) are drawn with
plain characters here: the page loads no icon font from a CDN (the template drops Voilà's
Font Awesome links), so it works offline and leaks no visit to a third party.

:data:`PLAY_STYLE` styles the panels (:mod:`warkit_widgets.play.html` writes their HTML);
:data:`LAYOUT_STYLE` fits the page to the screen. Both are plain strings, so the first
screen takes them without importing the game's panels.

ipywidgets lay boxes out with flexbox; these rules let rows wrap, keep fixed-width controls
inside the screen and scale the text with the screen. The header is one row from about
1350 px (Portuguese's labels, the longer); narrower, the game's controls (``.warkit-controls``)
move together to a second row, and wrap inside it only when even that row is too narrow (a
phone, where they are the header's own items again and the icon buttons lose their words).
The map canvas already shrinks with its box (``width: 100%``) and clicks and taps are
mapped back by ipycanvas; a finger may pan (scroll the page) and pinch on it
(``touch-action: manipulation``), which works because
:class:`~warkit_widgets.play.page.keys.PageKeys` keeps ipycanvas from cancelling the touches.
"""

from __future__ import annotations

PLAY_STYLE = """<style>
.warkit-play{font-family:'Trebuchet MS','DejaVu Sans',Verdana,sans-serif;color:#26221c}
.warkit-play canvas:focus{outline:none}
.wk-head-title{font-size:18px;font-weight:bold;margin-right:10px}
.wk-head-info{font-size:14px;color:#4a4035}
.wk-panel{border:1px solid #d8d0c0;border-radius:6px;padding:6px 8px;background:#fbf8f1}
.wk-panel h4{margin:0 0 4px 0;font-size:13px;text-transform:uppercase;letter-spacing:.04em;
 color:#6b5d48}
.wk-players{border-collapse:collapse;width:100%;font-size:13px}
.wk-players td{padding:2px 4px;border-bottom:1px solid #eee4d3}
.wk-players tr.wk-current td{background:#fff3c4;font-weight:bold}
.wk-players tr.wk-out td{color:#999;text-decoration:line-through}
.wk-dot{display:inline-block;width:12px;height:12px;border-radius:50%;margin-right:5px;
 border:1px solid #0005;vertical-align:-1px}
.wk-secret{font-size:13px}
.wk-log{max-height:260px;overflow-y:auto;font-size:12px;line-height:1.35}
.wk-log-turn{font-weight:bold;margin-top:5px;border-top:1px solid #e5dccb;padding-top:3px}
.wk-log-end{font-weight:bold;color:#1b5e20}
.wk-handoff{text-align:center;padding:40px 20px;font-size:16px}
.wk-handoff .wk-big{font-size:28px;font-weight:bold;margin-bottom:12px}
.wk-over{padding:10px 14px;border:2px solid #1b5e20;border-radius:8px;background:#f1f8e9}
.wk-over .wk-big{font-size:24px;font-weight:bold;color:#1b5e20}
.wk-over table{border-collapse:collapse;margin-top:8px;font-size:13px}
.wk-over td,.wk-over th{border:1px solid #cfd8c4;padding:3px 8px;text-align:left}
.wk-over tr.wk-winner td{background:#dcedc8;font-weight:bold}
.wk-status{font-size:14px;min-height:1.5em}
.wk-result{font-size:13px;font-weight:bold;margin-top:2px}
.warkit-play .fa{font-family:inherit;font-style:normal;font-weight:bold}
.warkit-play .fa-plus::before{content:"+"}.warkit-play .fa-undo::before{content:"↶"}
.warkit-play .fa-bolt::before{content:"⚡"}.warkit-play .fa-repeat::before{content:"↻"}
.warkit-play .fa-stop::before{content:"■"}.warkit-play .fa-eye::before{content:"👁"}
.warkit-play .fa-download::before{content:"⤓"}.warkit-play .fa-times::before{content:"✕"}
.warkit-play .fa-forward::before{content:"»"}.warkit-play .fa-play::before{content:"▶"}
.warkit-play .fa-globe::before{content:"🌐"}.warkit-play .fa-history::before{content:"⟲"}
.warkit-play .fa-exchange::before{content:"⇄"}.warkit-play .fa-upload::before{content:"⤒"}
.warkit-play .fa-film::before{content:"▷"}.warkit-play .fa-arrow-left::before{content:"←"}
.warkit-play .fa-arrows::before{content:"✥"}.warkit-play .fa-check::before{content:"✓"}
.warkit-play .fa-code-fork::before{content:"⑂"}.warkit-play .fa-flag::before{content:"⚑"}
.warkit-play .fa-lightbulb-o::before{content:"☀"}.warkit-play .fa-random::before{content:"⤮"}
.warkit-play .fa-refresh::before{content:"↻"}.warkit-play .fa-cube::before{content:"▣"}
</style>"""

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
.warkit-board .widget-button,.warkit-header .widget-button,.warkit-header .widget-upload{
 width:auto !important;min-width:5.5em;padding:0 12px;white-space:nowrap;overflow:visible}
.warkit-header .widget-toggle-buttons .widget-toggle-button{width:auto !important;
 padding:0 10px}
.warkit-header{flex-wrap:wrap;row-gap:4px}
.warkit-header>.warkit-controls{flex:0 1 auto;min-width:0}
.wk-players td:first-child{white-space:nowrap}
.warkit-play .wk-over{overflow-x:auto}
.warkit-play .wk-over td,.warkit-play .wk-over th,.warkit-play .wk-players td{
 overflow-wrap:normal;word-break:normal;hyphens:manual}
.warkit-play .wk-over td:first-child{white-space:nowrap}
.warkit-play .warkit-zoom{display:none}
.warkit-map-box.wk-zoomed{overflow-x:auto;overscroll-behavior-x:contain}
.warkit-map-box.wk-zoomed canvas.warkit-map{width:200% !important;max-width:none !important}
.warkit-play .warkit-banner,.warkit-play .warkit-download{position:fixed;left:50%;
 transform:translateX(-50%);z-index:60;max-width:min(94vw,720px);background:#fffdf6;
 border:1px solid #d8d0c0;border-radius:8px;box-shadow:0 4px 14px #0003;padding:4px 10px}
.warkit-play .warkit-banner{bottom:14px}
.warkit-play .warkit-download{bottom:72px}
.warkit-play .warkit-download:not(:has(a)){display:none}
.wk-end-report .wk-charts{display:flex;flex-wrap:wrap;gap:10px}
.wk-end-report .wk-chart{flex:1 1 300px}
@media (min-width:1100px){
 .warkit-header>*{flex-shrink:0}
 .warkit-header .wk-head-info,.warkit-header .widget-button{white-space:nowrap}
 .warkit-header>.warkit-title{flex:0 1 auto;min-width:0;overflow:hidden;white-space:nowrap;
  text-overflow:ellipsis}
 .warkit-header .widget-dropdown>label{width:auto !important;padding-right:6px}
}
@media (max-width:1499px){
 .wk-head-sub{display:none}
}
@media (max-width:600px){
 .warkit-play{font-size:14px}
 .warkit-play .warkit-zoom{display:inline-flex}
 .warkit-play .warkit-keys{display:none}
 .warkit-header>.warkit-controls{display:contents}
 .warkit-header .widget-button,.warkit-header .widget-upload{min-width:0;padding:0 8px}
 .warkit-header .widget-dropdown>label{display:none}
 .warkit-header .widget-dropdown{flex:1 1 6em !important}
 .warkit-header .warkit-new,.warkit-header .warkit-save,.warkit-header .warkit-load{
  font-size:0 !important;min-width:2.6em}
 .warkit-header .fa{font-size:16px;margin:0 !important}
 .warkit-header .warkit-load::after{content:none}
 .wk-head-title{font-size:15px !important}.wk-head-info{font-size:12px}
 .wk-over table,.wk-over tbody,.wk-over tr,.wk-over td{display:block;width:auto}
 .wk-over tr.wk-over-head{display:none}
 .wk-over tr{margin-top:6px;border:1px solid #cfd8c4;border-radius:6px;padding:4px 0}
 .wk-over td,.warkit-play .wk-over td{border:none;padding:1px 8px;white-space:normal}
 .wk-over td[data-label]::before{content:attr(data-label) ": ";font-weight:normal}
 .warkit-play .warkit-board>.warkit-left,.warkit-play .warkit-board>.warkit-right{
  display:contents !important}
 .warkit-board>.warkit-left>*,.warkit-board>.warkit-right>*{flex:1 1 100% !important;
  width:100%;order:20}
 .warkit-board .warkit-map-box{order:1}
 .warkit-board .warkit-zoom{order:2;flex:0 0 auto !important;width:auto}
 .warkit-board .warkit-play-status{order:3}.warkit-board .warkit-rule-links{order:4}
 .warkit-board .warkit-reserves{order:5}.warkit-board .warkit-actions{order:6}
 .warkit-board .warkit-options{order:7}.warkit-board .warkit-play-dice{order:8}
 .warkit-board .warkit-result{order:9}.warkit-board .warkit-odds-box{order:10}
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
"""The layout rules (put once in the page, next to :data:`~warkit_widgets.play.html.PLAY_STYLE`)."""
