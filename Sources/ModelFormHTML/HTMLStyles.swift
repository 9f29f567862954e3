/// The base style sheet every HTML document gets before the theme's: the layout and the
/// look of every control, drawn with custom properties (`--mf-*`) a theme sets. Hierarchy
/// comes from type and spacing (section titles are headings with a rule, not boxes); one
/// filled primary button; destructive buttons in the error colour; invalid fields with a
/// red border and an icon; read-only values set apart; no horizontal scrolling at 320 px.
enum HTMLStyles {
    static let base = """
        :root{--mf-bg:#fff;--mf-surface:#fff;--mf-text:#1b1b1f;--mf-muted:#5e6166;--mf-rule:#dcdfe3;--mf-border:#8b8f96;--mf-accent:#0b57d0;--mf-on-accent:#fff;--mf-error:#b3261e;--mf-error-bg:#fdf0ef;--mf-ok:#146c2e;--mf-ok-bg:#edf7ef;--mf-readonly-bg:#f1f3f4;--mf-radius:.375rem}
        html{-webkit-text-size-adjust:100%;text-size-adjust:100%;background:var(--mf-bg)}
        body{margin:0;background:var(--mf-bg);color:var(--mf-text)}
        .mf-page{max-width:44rem;margin:0 auto;padding:1.5rem 1rem 3rem;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",sans-serif;font-size:1rem;line-height:1.5;overflow-wrap:break-word}
        .mf-page *,.mf-page *::before,.mf-page *::after{box-sizing:border-box}
        .mf-page h1{font-size:1.75rem;line-height:1.25;margin:0 0 1.75rem;font-weight:700}
        .mf-page a{color:var(--mf-accent)}
        .mf-form fieldset{padding:0;border:0;min-width:0}
        .mf-form legend{padding:0}
        .mf-section{margin:0 0 2rem}
        .mf-item{margin:0}
        .mf-section>legend,.mf-section-title{display:block;width:100%;font-size:1.2rem;font-weight:700;line-height:1.3;padding:0 0 .4rem;margin:0 0 1rem;border-bottom:1px solid var(--mf-rule)}
        .mf-field{margin:0 0 1.1rem;min-width:0}
        .mf-field>label,.mf-label,.mf-field>legend{display:block;font-weight:600;font-size:.95rem;margin:0 0 .35rem}
        .mf-required{color:var(--mf-error)}
        .mf-page input,.mf-page select,.mf-page textarea,.mf-page button{font:inherit;color:inherit;margin:0}
        .mf-form input,.mf-form select,.mf-form textarea{display:block;width:100%;max-width:100%;min-width:0;padding:.5rem .75rem;border:1px solid var(--mf-border);border-radius:var(--mf-radius);background:var(--mf-surface);color:var(--mf-text)}
        .mf-form select{-webkit-appearance:none;appearance:none;padding-right:2.25rem;background-image:url("data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='12' height='8' viewBox='0 0 12 8'%3E%3Cpath d='M1 1.5l5 5 5-5' fill='none' stroke='%23767a80' stroke-width='1.6'/%3E%3C/svg%3E");background-repeat:no-repeat;background-position:right .8rem center}
        .mf-form select[size]{background-image:none;padding-right:.75rem}
        .mf-form input[type=date],.mf-form input[type=time],.mf-form input[type=datetime-local],.mf-form input[type=number]{max-width:18rem}
        .mf-form input[type=file]{padding:.4rem}
        .mf-form textarea{min-height:6rem;resize:vertical}
        .mf-form textarea.mf-json{min-height:0;font-family:ui-monospace,Menlo,Consolas,monospace;font-size:.9em;white-space:pre;overflow-x:auto}
        .mf-form input[type=range]{max-width:24rem;padding:0;border:0;background:none;accent-color:var(--mf-accent)}
        .mf-form input[type=checkbox],.mf-form input[type=radio]{display:inline-block;width:1.15rem;height:1.15rem;padding:0;border:0;flex:none;accent-color:var(--mf-accent)}
        .mf-form :focus-visible{outline:3px solid var(--mf-accent);outline-offset:2px}
        .mf-form [readonly]{background:var(--mf-readonly-bg);border-style:dashed}
        .mf-field output{display:block;padding:.4rem 0;color:var(--mf-text)}
        .mf-check{display:flex;align-items:center;gap:.65rem}
        .mf-check label{font-weight:500}
        .mf-choice{display:inline-flex;align-items:center;gap:.45rem;margin:0 1.5rem .5rem 0}
        .mf-help{margin:.4rem 0 0;font-size:.875rem;color:var(--mf-muted)}
        .mf-error{display:flex;gap:.45rem;align-items:baseline;margin:.4rem 0 0;font-size:.875rem;font-weight:600;color:var(--mf-error)}
        .mf-error::before{content:"!";flex:none;display:inline-block;width:1.1rem;height:1.1rem;line-height:1.1rem;text-align:center;border-radius:50%;background:var(--mf-error);color:var(--mf-bg);font-size:.75rem;font-weight:700}
        .mf-invalid input:not([type=checkbox]):not([type=radio]),.mf-invalid select,.mf-invalid textarea{border-color:var(--mf-error);box-shadow:0 0 0 1px var(--mf-error)}
        .mf-error-summary{border:1px solid var(--mf-error);border-left-width:.35rem;border-radius:var(--mf-radius);background:var(--mf-error-bg);padding:1rem 1.25rem;margin:0 0 2rem}
        .mf-error-summary h2{font-size:1.05rem;margin:0 0 .5rem;color:var(--mf-error)}
        .mf-error-summary ul{margin:0;padding-left:1.25rem}
        .mf-error-summary a{color:var(--mf-error);font-weight:600}
        .mf-notice{border-left:.35rem solid var(--mf-ok);background:var(--mf-ok-bg);border-radius:var(--mf-radius);padding:.75rem 1rem;margin:0 0 1.5rem}
        .mf-footer{font-size:.875rem;color:var(--mf-muted);margin:.25rem 0 0}
        .mf-breadcrumbs ol{list-style:none;display:flex;flex-wrap:wrap;margin:0 0 .75rem;padding:0;font-size:.9rem;color:var(--mf-muted)}
        .mf-breadcrumbs li+li::before{content:"/";margin:0 .5rem}
        .mf-link{display:flex;justify-content:space-between;align-items:center;gap:1rem;padding:.55rem .75rem;border:1px solid var(--mf-rule);border-radius:var(--mf-radius);text-decoration:none}
        .mf-link::after{content:"\\203A";font-size:1.3rem;line-height:1;color:var(--mf-muted)}
        .mf-actions{display:flex;flex-wrap:wrap;gap:.75rem;margin-top:1.5rem;padding-top:1.25rem;border-top:1px solid var(--mf-rule)}
        .mf-button{cursor:pointer;border-radius:var(--mf-radius);padding:.55rem 1.2rem;font-weight:600;line-height:1.25;border:1px solid var(--mf-border);background:var(--mf-surface);color:var(--mf-text)}
        .mf-button.mf-primary{background:var(--mf-accent);border-color:var(--mf-accent);color:var(--mf-on-accent)}
        .mf-button.mf-danger{background:var(--mf-surface);border-color:var(--mf-error);color:var(--mf-error)}
        .mf-button.mf-primary.mf-danger{background:var(--mf-error);color:var(--mf-bg)}
        .mf-button.mf-icon{min-width:2.25rem;padding:.3rem .55rem;font-weight:400}
        .mf-button:disabled{opacity:.35;cursor:default}
        .mf-add{margin-top:.25rem}
        .mf-items{list-style:none;margin:0 0 .5rem;padding:0}
        .mf-items>li{display:flex;gap:.75rem;align-items:flex-start;padding:.75rem 0;border-top:1px solid var(--mf-rule)}
        .mf-items>li:last-child{border-bottom:1px solid var(--mf-rule)}
        .mf-items>li>:first-child{flex:1;min-width:0;margin:0}
        .mf-items>li.mf-form-item{display:block;position:relative}
        .mf-form-item>.mf-item-actions{position:absolute;top:.6rem;right:0}
        .mf-item>legend{font-weight:700;margin:0 0 .75rem;padding-right:8rem}
        .mf-item .mf-section{margin-bottom:0}
        .mf-item-actions{display:flex;gap:.3rem;flex:none}
        .mf-empty{color:var(--mf-muted);margin:0 0 .5rem}
        .mf-segments{display:inline-flex;flex-wrap:wrap;position:relative;border:1px solid var(--mf-accent);border-radius:var(--mf-radius);overflow:hidden;max-width:100%}
        .mf-segments input[type=radio]{position:absolute;opacity:0;width:1px;height:1px}
        .mf-segments label{padding:.4rem 1rem;cursor:pointer;color:var(--mf-accent);font-weight:500;border-left:1px solid var(--mf-accent)}
        .mf-segments label:first-of-type{border-left:0}
        .mf-segments input:checked+label{background:var(--mf-accent);color:var(--mf-on-accent)}
        .mf-segments input:focus-visible+label{outline:3px solid var(--mf-accent);outline-offset:-5px}
        .mf-segments input:disabled+label{cursor:default;opacity:.6}
        .mf-form input.mf-switch{-webkit-appearance:none;appearance:none;position:relative;width:2.9rem;height:1.7rem;border-radius:.85rem;background:var(--mf-border);border:0;cursor:pointer;transition:background .15s}
        .mf-form input.mf-switch::before{content:"";position:absolute;top:.2rem;left:.2rem;width:1.3rem;height:1.3rem;border-radius:50%;background:#fff;box-shadow:0 1px 3px rgba(0,0,0,.35);transition:transform .15s}
        .mf-form input.mf-switch:checked{background:var(--mf-accent)}
        .mf-form input.mf-switch:checked::before{transform:translateX(1.2rem)}
        .mf-document .mf-values{display:grid;grid-template-columns:minmax(7rem,14rem) minmax(0,1fr);gap:.75rem 1.5rem;margin:0}
        .mf-document .mf-values>div{display:contents}
        .mf-document dt{font-weight:600;color:var(--mf-muted)}
        .mf-document dd{margin:0;white-space:pre-line;min-width:0}
        .mf-document .mf-none{color:var(--mf-muted)}
        .mf-document .mf-list{margin:0;padding-left:1.25rem}
        .mf-document .mf-table-wrap{overflow-x:auto}
        .mf-document table{border-collapse:collapse;width:100%;font-size:.95rem}
        .mf-document th,.mf-document td{text-align:left;padding:.45rem .75rem .45rem 0;border-bottom:1px solid var(--mf-rule);vertical-align:top}
        .mf-conflicts{display:block;overflow-x:auto;border-collapse:collapse;margin:1rem 0 2rem}
        .mf-conflicts th,.mf-conflicts td{text-align:left;vertical-align:top;padding:.5rem 1rem .5rem 0;border-bottom:1px solid var(--mf-rule)}
        .mf-conflicts label{display:inline-flex;align-items:center;gap:.35rem;margin-right:1rem;white-space:nowrap}
        @media (max-width:40rem){.mf-conflicts thead{display:none}.mf-conflicts tr{display:block;padding:.5rem 0;border-bottom:1px solid var(--mf-rule)}.mf-conflicts th,.mf-conflicts td{display:block;border:0;padding:.15rem 0}.mf-conflicts td::before{content:attr(data-label) ": ";font-weight:600;color:var(--mf-muted)}}
        .mf-section .mf-section>legend{font-size:1rem;border:0;margin-bottom:.75rem}
        .mf-index ul{padding-left:1.25rem;margin:0}
        .mf-index li{margin:.35rem 0}
        .mf-index .mf-summary{color:var(--mf-muted)}
        @media (max-width:30rem){.mf-page{padding:1.25rem .875rem 2rem}.mf-page h1{font-size:1.5rem}.mf-document .mf-values{grid-template-columns:minmax(0,1fr);gap:.1rem}.mf-document dd{margin-bottom:.75rem}}
        """
}
