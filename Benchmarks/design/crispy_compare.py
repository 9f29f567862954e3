#!/usr/bin/env python3
"""ModelForm's HTML next to django-crispy-forms + Bootstrap 5, for one form with an error.

The bundled registration example (config/) with a malformed email, drawn by
`modelform render --format html --validate` (default and dark themes), and the same form
in Django with crispy-forms' bootstrap5 template pack and Bootstrap 5's CSS (from the
Bootstrap-Flask wheel), bound to the same values. Each page is opened in headless Chromium
at 1280 and 390 CSS pixels: a full-page screenshot is written to
Benchmarks/.build/design/, and a few measurable traits are printed:

- the page's height (how much scrolling the form takes),
- horizontal overflow at 360 and 390 px,
- boxes nested in boxes (bordered elements, controls aside, inside another bordered one),
- filled buttons (how many buttons claim to be the primary action).

Usage: python3 Benchmarks/design/crispy_compare.py [MODELFORM_BINARY]
(creates Benchmarks/.build/design-venv with Django, crispy and Selenium on first use).
"""
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
PACKAGE = os.path.dirname(os.path.dirname(HERE))
VENV = os.path.join(PACKAGE, "Benchmarks", ".build", "design-venv")
OUT = os.path.join(PACKAGE, "Benchmarks", ".build", "design")
urlpatterns = []  # Django's URL configuration: crispy resolves the form's action through it


def ensure_venv():
    sys.path.insert(0, os.path.dirname(HERE))
    import python_env
    python_env.enter(VENV, ["Django>=5.2,<5.3", "django-crispy-forms", "crispy-bootstrap5", "Bootstrap-Flask", "selenium"])


def crispy_page():
    import django
    from django.conf import settings
    settings.configure(INSTALLED_APPS=["crispy_forms", "crispy_bootstrap5"], CRISPY_ALLOWED_TEMPLATE_PACKS="bootstrap5",
                       CRISPY_TEMPLATE_PACK="bootstrap5", USE_I18N=False, ROOT_URLCONF=__name__,
                       TEMPLATES=[{"BACKEND": "django.template.backends.django.DjangoTemplates", "APP_DIRS": True}])
    django.setup()
    from django import forms
    from django.template import engines
    from crispy_forms.helper import FormHelper
    from crispy_forms.layout import Button, Fieldset, Layout, Submit
    from crispy_forms.bootstrap import FormActions

    class RegistrationForm(forms.Form):
        email = forms.EmailField(label="Email")
        password = forms.CharField(widget=forms.PasswordInput, min_length=8, help_text="At least 8 characters.")
        repeat_password = forms.CharField(widget=forms.PasswordInput, required=False)
        name = forms.CharField()
        gender = forms.ChoiceField(choices=[("male", "Male"), ("female", "Female"), ("other", "Other")], required=False)
        age = forms.IntegerField(min_value=13, max_value=130, required=False)
        date_of_birth = forms.DateField(widget=forms.DateInput(attrs={"type": "date"}), required=False)
        profile_photo = forms.FileField(required=False)
        language = forms.ChoiceField(choices=[("", "None"), ("english", "English"), ("spanish", "Spanish"), ("french", "French"), ("german", "German")], required=False)
        interests = forms.MultipleChoiceField(widget=forms.CheckboxSelectMultiple, required=False, choices=[
            ("videoGames", "Video Games"), ("computers", "Computers"), ("socializing", "Socializing"), ("sports", "Sports")])
        notifications = forms.MultipleChoiceField(widget=forms.CheckboxSelectMultiple, required=False, choices=[("1", "Email"), ("2", "SMS"), ("4", "Push")])
        about = forms.CharField(widget=forms.Textarea(attrs={"rows": 4}), required=False)
        homepage_url = forms.URLField(label="Homepage URL", required=False, assume_scheme="https")
        phone_number = forms.CharField(required=False)
        remember_me = forms.BooleanField(required=False)
        agreed_to_terms = forms.BooleanField(label="I agree to the terms")

        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            self.helper = FormHelper()
            self.helper.layout = Layout(
                Fieldset("Account", "email", "password", "repeat_password"),
                Fieldset("Details", "name", "gender", "age", "date_of_birth", "profile_photo", "language", "interests", "notifications",
                         "about", "homepage_url", "phone_number"),
                Fieldset("Legal", "remember_me", "agreed_to_terms"),
                FormActions(Submit("register", "Register"), Button("cancel", "Cancel", css_class="btn-secondary")))

    form = RegistrationForm(data={
        "email": "ada at example", "password": "", "name": "Ada Lovelace", "gender": "female", "age": "36", "date_of_birth": "1815-12-10",
        "language": "english", "interests": ["computers", "socializing"], "notifications": ["1"],
        "about": "Mathematician and writer.\nFirst to publish an algorithm for a machine.", "homepage_url": "https://example.com/ada",
        "remember_me": "on", "agreed_to_terms": "on"})
    form.is_valid()
    import flask_bootstrap
    css = open(os.path.join(os.path.dirname(flask_bootstrap.__file__), "static", "bootstrap5", "css", "bootstrap.min.css"), encoding="utf-8").read()
    template = engines["django"].from_string(
        "{% load crispy_forms_tags %}<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\">"
        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>Create Your Account</title>"
        "<style>{{ css|safe }}</style></head><body><main class=\"container py-4\" style=\"max-width: 44rem\">"
        "<h1 class=\"mb-4\">Create Your Account</h1>{% crispy form %}</main></body></html>")
    return template.render({"form": form, "css": css})


def modelform_page(binary, theme, folder):
    values = open(os.path.join(PACKAGE, "config", "registration.values.yaml"), encoding="utf-8").read().replace("ada@example.com", "ada at example")
    data = os.path.join(folder, "bad.values.yaml")
    open(data, "w", encoding="utf-8").write(values)
    out = os.path.join(folder, f"modelform-{theme}.html")
    subprocess.run([binary, "render", "--format", "html", "--theme", theme, "--data", data, "--validate", "--output", out], cwd=PACKAGE,
                   capture_output=True)
    return out


MEASURE = """
const bordered = e => { const s = getComputedStyle(e); return ['Top','Right','Bottom','Left'].some(side => parseFloat(s['border' + side + 'Width']) > 0 && s['border' + side + 'Style'] !== 'none'); };
const boxed = e => bordered(e) && !['INPUT','SELECT','TEXTAREA','BUTTON','OPTION'].includes(e.tagName) && e.getBoundingClientRect().width > 0;
const all = [...document.querySelectorAll('body *')];
const nested = all.filter(e => { if (!boxed(e)) return false; for (let p = e.parentElement; p; p = p.parentElement) if (boxed(p)) return true; return false; }).length;
const filled = [...document.querySelectorAll('button, input[type=submit]')].filter(b => { const s = getComputedStyle(b); return s.display !== 'none' && !b.hidden && s.backgroundColor !== 'rgba(0, 0, 0, 0)' && s.backgroundColor !== getComputedStyle(document.body).backgroundColor && parseFloat(s.borderTopWidth) >= 0 && (s.color === 'rgb(255, 255, 255)'); }).length;
return [document.documentElement.scrollHeight, nested, filled];
"""


def measure(pages):
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service
    options = Options()
    options.binary_location = shutil.which("chromium") or shutil.which("google-chrome")
    for arg in ["--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars"]:
        options.add_argument(arg)
    driver = webdriver.Chrome(service=Service(shutil.which("chromedriver")), options=options)
    rows = []
    try:
        for name, path in pages:
            driver.get("file://" + path)
            row = [name]
            for width in [1280, 390]:
                driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": width, "height": 900, "deviceScaleFactor": 1, "mobile": width < 600})
                height, nested, filled = driver.execute_script(MEASURE)
                driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600})
                driver.save_screenshot(os.path.join(OUT, f"{name}-{width}.png"))
                row += [height]
            overflow = []
            for width in [360, 390]:
                driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": width, "height": 900, "deviceScaleFactor": 1, "mobile": True})
                scroll, client = driver.execute_script("return [document.documentElement.scrollWidth, document.documentElement.clientWidth]")
                overflow.append(max(0, scroll - client))
            row += [overflow, nested, filled]
            rows.append(row)
    finally:
        driver.quit()
    return rows


def main():
    ensure_venv()
    binary = os.path.abspath(sys.argv[1]) if len(sys.argv) > 1 else os.path.join(PACKAGE, ".build", "debug", "modelform")
    os.makedirs(OUT, exist_ok=True)
    folder = tempfile.mkdtemp(prefix="modelform-design-")
    crispy = os.path.join(folder, "crispy-bootstrap5.html")
    open(crispy, "w", encoding="utf-8").write(crispy_page())
    pages = [("modelform-default", modelform_page(binary, "default", folder)), ("modelform-dark", modelform_page(binary, "dark", folder)),
             ("crispy-bootstrap5", crispy)]
    rows = measure(pages)
    print("| page | height at 1280 px | height at 390 px | overflow at 360 / 390 px | boxes in boxes | filled buttons |")
    print("|---|---|---|---|---|---|")
    for name, high, low, overflow, nested, filled in rows:
        print(f"| {name} | {high} px | {low} px | {overflow[0]} / {overflow[1]} px | {nested} | {filled} |")
    print(f"screenshots: {OUT}/*-1280.png, *-390.png")
    shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
