/// The base style sheet every HTML document gets before the theme's.
enum HTMLStyles {
    static let base = """
    .mf-page{max-width:42rem;margin:0 auto;padding:1rem;font-family:system-ui,sans-serif;line-height:1.5}
    .mf-form fieldset{margin:0 0 1rem;padding:.75rem 1rem}
    .mf-field{margin:.5rem 0}
    .mf-field>label,.mf-label{display:block;font-weight:600}
    .mf-check label{font-weight:600;margin-left:.4rem}
    .mf-choice{display:inline-block;margin-right:1rem}
    .mf-choice label{margin-left:.25rem}
    .mf-help{margin:.25rem 0;font-size:.9em}
    .mf-error{margin:.25rem 0;font-weight:600}
    .mf-error-summary{border:3px solid currentColor;padding:.5rem 1rem;margin-bottom:1rem}
    .mf-actions{display:flex;gap:.5rem;flex-wrap:wrap}
    input,select,textarea,button{font:inherit}
    input[type=text],input[type=email],input[type=password],input[type=url],input[type=tel],input[type=number],select,textarea{width:100%;box-sizing:border-box}
    """
}
