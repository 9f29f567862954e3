#!/usr/bin/env python3
"""Side by side: the same 1,000-field form rendered to HTML, and the same submission bound
and validated, with WTForms 3, Django 5.2 and ModelForm (release build), in one run.

Fields cycle through text (required, max 100), email (required), integer (0-1000),
boolean and a five-way choice (required), named f0Text, f1Email, f2Number, f3Flag,
f4Choice... exactly as ModelForm's WideForm fixture. Every library binds from decoded form
data (a dict / QueryDict / ModelForm's name-value pairs): body parsing belongs to the web
framework in each case. Prints each median and the ratios.

ModelForm also renders the same form as plain text and Markdown, compared with its HTML.
The whole comparison runs --runs times (default 3; this machine is noisy) and the summary
gives the median of the runs.

With --instructions it also counts the instructions of each operation with callgrind
(valgrind), which a noisy machine cannot disturb.

With --instructions-only it counts only ModelForm's, for each of its operations and a JSON Schema
validation of the same size (CI prints these).

Usage (from Benchmarks/): python3 compare/compare.py [--fields 1000] [--repeats 101] [--runs 3] [--instructions]
       [--instructions-only]
It creates a virtual environment in .build/compare-venv with Django and WTForms from
PyPI, and builds ModelFormCompare in release (in the main package's .build: python_env.py says why).
"""
import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
PACKAGE = os.path.dirname(HERE)
VENV = os.path.join(PACKAGE, ".build", "compare-venv")
sys.path.insert(0, PACKAGE)
import python_env  # noqa: E402 (found through the line above)


def key(i):
    return f"f{i}" + ["Text", "Email", "Number", "Flag", "Choice"][i % 5]


def value(i):
    kind = i % 5
    return [f"Text value {i} <&>", f"user{i}@example.com", str(i % 1000), "true" if i % 2 == 0 else None, f"c{i % 5}"][kind]


def submission(fields):
    return {key(i): value(i) for i in range(fields) if value(i) is not None}


CHOICES = [(f"c{n}", f"Choice {n}") for n in range(5)]


def median_time(body, repeats):
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        body()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def run_wtforms(fields, repeats):
    render, bind = wtforms_operations(fields)
    return median_time(render, repeats), median_time(bind, repeats), len(render())


def wtforms_operations(fields):
    """WTForms' render and bind+validate of the wide form, as two functions."""
    from wtforms import BooleanField, EmailField, Form, IntegerField, SelectField, StringField, validators

    attributes = {}
    for i in range(fields):
        kind = i % 5
        if kind == 0:
            attributes[key(i)] = StringField(key(i), [validators.InputRequired(), validators.Length(max=100)])
        elif kind == 1:
            attributes[key(i)] = EmailField(key(i), [validators.InputRequired(), validators.Email(check_deliverability=False)])
        elif kind == 2:
            attributes[key(i)] = IntegerField(key(i), [validators.Optional(), validators.NumberRange(min=0, max=1000)])
        elif kind == 3:
            attributes[key(i)] = BooleanField(key(i))
        else:
            attributes[key(i)] = SelectField(key(i), [validators.InputRequired()], choices=CHOICES)
    WideForm = type("WideForm", (Form,), attributes)
    data = {key(i): (value(i) == "true" if i % 5 == 3 else (int(value(i)) if i % 5 == 2 else value(i))) for i in range(fields)}

    def render():
        form = WideForm(data=data)
        html = "".join(f"{field.label()}{field()}" for field in form)
        return "<form method=\"post\">" + html + "</form>"

    class MultiDict(dict):
        """The formdata interface WTForms reads (a form post's name -> values)."""
        def getlist(self, name):
            return [self[name]] if name in self else []

    body = MultiDict(submission(fields))

    def bind():
        form = WideForm(formdata=body)
        assert form.validate(), form.errors

    return render, bind


def run_django(fields, repeats):
    render, bind = django_operations(fields)
    return median_time(render, repeats), median_time(bind, repeats), len(render())


def django_operations(fields):
    """Django's render and bind+validate of the wide form, as two functions."""
    import django
    from django.conf import settings
    if not settings.configured:
        settings.configure(USE_I18N=False, USE_TZ=True, TEMPLATES=[{"BACKEND": "django.template.backends.django.DjangoTemplates"}],
                           FORM_RENDERER="django.forms.renderers.DjangoTemplates", INSTALLED_APPS=["django.forms"])
        django.setup()
    from django import forms
    from django.http import QueryDict

    attributes = {}
    for i in range(fields):
        kind = i % 5
        if kind == 0:
            attributes[key(i)] = forms.CharField(max_length=100)
        elif kind == 1:
            attributes[key(i)] = forms.EmailField()
        elif kind == 2:
            attributes[key(i)] = forms.IntegerField(min_value=0, max_value=1000, required=False)
        elif kind == 3:
            attributes[key(i)] = forms.BooleanField(required=False)
        else:
            attributes[key(i)] = forms.ChoiceField(choices=CHOICES)
    WideForm = type("WideForm", (forms.Form,), attributes)
    initial = {key(i): (value(i) == "true" if i % 5 == 3 else value(i)) for i in range(fields)}

    def render():
        return "<form method=\"post\">" + str(WideForm(initial=initial)) + "</form>"

    query = QueryDict(mutable=True)
    for name, v in submission(fields).items():
        query[name] = v

    def bind():
        form = WideForm(data=query)
        assert form.is_valid(), form.errors

    return render, bind


def run_one(library, operation, times, fields):
    """Set a library's form up, then run one operation `times` times (measured by callgrind)."""
    render, bind = (wtforms_operations if library == "wtforms" else django_operations)(fields)
    body = render if operation == "render" else bind
    for _ in range(times):
        body()


def collected(command, env=None):
    """The instructions callgrind counts for a command."""
    result = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"] + command,
                            capture_output=True, text=True, env=env)
    for line in result.stderr.splitlines():
        if "Collected" in line:
            return int(line.split()[-1])
    raise RuntimeError(result.stderr[-2000:])


def instructions(fields):
    """Instructions per operation (callgrind), each library's setup subtracted: the count of
    running the operation several times minus the count of running it once. Noise-free,
    unlike wall-clock time on a shared machine."""
    binary = os.path.join(python_env.RELEASE, "ModelFormCompare")
    counts = {}
    for operation in ["render", "bind"]:
        env = dict(os.environ, MODELFORM_COMPARE_ONLY=operation)
        once, six = (collected([binary, str(fields), str(n)], env) for n in (1, 6))
        counts[("ModelForm", operation)] = (six - once) / 5
        for library in ["wtforms", "django"]:
            base = [sys.executable, os.path.abspath(__file__), "--one", library, operation, "--fields", str(fields)]
            once, three = (collected(base + ["--times", str(n)]) for n in (1, 3))
            counts[(library, operation)] = (three - once) / 2
    print(f"{fields} fields; instructions per operation (callgrind)")
    print(f"{'':10} {'render HTML':>14} {'bind+validate':>14}")
    for library in ["ModelForm", "wtforms", "django"]:
        print(f"{library:10} {counts[(library, 'render')] / 1e6:12.1f} M {counts[(library, 'bind')] / 1e6:12.1f} M")
    for library in ["wtforms", "django"]:
        print(f"ModelForm vs {library}: render {counts[(library, 'render')] / counts[('ModelForm', 'render')]:.1f}x fewer, "
              f"bind+validate {counts[(library, 'bind')] / counts[('ModelForm', 'bind')]:.1f}x fewer instructions")


def modelform_instructions(fields):
    """ModelForm's instructions per operation alone (callgrind; the others' setup is slow under
    it): what CI prints on every commit, so that a change costing 20% more shows in its log."""
    binary = os.path.join(python_env.RELEASE, "ModelFormCompare")
    print(f"{fields} fields; ModelForm's instructions per operation (callgrind; printed, not asserted)")
    for operation in ["render", "bind", "text", "markdown", "describe", "rules"]:
        env = dict(os.environ, MODELFORM_COMPARE_ONLY=operation)
        once, six = (collected([binary, str(fields), str(n)], env) for n in (1, 6))
        print(f"{operation:10} {(six - once) / 5 / 1e6:10.2f} M")
    # A JSON Schema validation of the same size (validate_compare.py's 1,000-property schema
    # and its valid instance), the validator made once.
    from validate_compare import wide_schema
    work = tempfile.mkdtemp(prefix="modelform-validate-")
    paths = [os.path.join(work, name) for name in ("wide.schema.json", "wide.json")]
    for path, value in zip(paths, wide_schema(fields)):
        with open(path, "w") as file:
            json.dump(value, file)
    with open(os.path.join(work, "pairs"), "w") as file:
        file.write("\t".join(paths) + "\n")
    env = dict(os.environ, MODELFORM_COMPARE_ONLY="validate", MODELFORM_COMPARE_FILES=os.path.join(work, "pairs"))
    once, six = (collected([binary, str(fields), str(n)], env) for n in (1, 6))
    print(f"{'validate':10} {(six - once) / 5 / 1e6:10.2f} M")
    shutil.rmtree(work)


def run_modelform(fields, repeats):
    binary = python_env.build_release("ModelFormCompare")
    result = json.loads(subprocess.run([binary, str(fields), str(repeats)], capture_output=True, text=True, check=True).stdout)
    print(f"ModelForm's render takes {result['render_html'] / result['append_pieces']:.2f}x appending its page's "
          f"{result['pieces']} pieces (a tag and the text after it) to a string with no logic "
          f"({result['append_pieces'] * 1000:.3f} ms)")
    return result["render_html"], result["bind_validate"], result["html_bytes"], result["render_text"], result["render_markdown"]


def ensure_venv():
    python_env.enter(VENV, ["Django>=5.2,<5.3", "WTForms>=3,<4", "email-validator"])


def one_run(args):
    import django
    import wtforms
    results = {
        "ModelForm": run_modelform(args.fields, args.repeats),
        f"WTForms {wtforms.__version__}": run_wtforms(args.fields, max(5, args.repeats // 5)),
        f"Django {django.__version__}": run_django(args.fields, max(5, args.repeats // 5)),
    }
    print(f"{args.fields} fields; median wall-clock time of each operation")
    print(f"{'':14} {'render HTML':>14} {'bind+validate':>14} {'HTML bytes':>11}")
    for name, (render, bind, size, *_) in results.items():
        print(f"{name:14} {render * 1000:11.3f} ms {bind * 1000:11.3f} ms {size:11d}")
    mf_render, mf_bind, _, mf_text, mf_markdown = results["ModelForm"]
    print(f"ModelForm text {mf_text * 1000:.3f} ms ({mf_text / mf_render:.2f}x HTML), "
          f"Markdown {mf_markdown * 1000:.3f} ms ({mf_markdown / mf_render:.2f}x HTML)")
    ratios = {"text / HTML": mf_text / mf_render, "Markdown / HTML": mf_markdown / mf_render}
    for name, (render, bind, *_) in results.items():
        if name == "ModelForm":
            continue
        print(f"ModelForm vs {name}: render {render / mf_render:.1f}x faster, bind+validate {bind / mf_bind:.1f}x faster")
        ratios[f"render vs {name}"] = render / mf_render
        ratios[f"bind+validate vs {name}"] = bind / mf_bind
    return ratios


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--fields", type=int, default=1000)
    parser.add_argument("--repeats", type=int, default=101)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--instructions", action="store_true", help="also count instructions per operation with callgrind")
    parser.add_argument("--instructions-only", action="store_true",
                        help="only ModelForm's instructions per operation (no other library, no timing)")
    parser.add_argument("--one", nargs=2, metavar=("LIBRARY", "OPERATION"), help=argparse.SUPPRESS)
    parser.add_argument("--times", type=int, default=1, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.instructions_only:
        python_env.build_release("ModelFormCompare")
        modelform_instructions(args.fields)
        return
    ensure_venv()
    if args.one:
        run_one(args.one[0], args.one[1], args.times, args.fields)
        return
    runs = []
    for number in range(args.runs):
        print(f"--- run {number + 1} of {args.runs}")
        runs.append(one_run(args))
    print(f"--- median of {args.runs} runs")
    for name in runs[0]:
        values = [run[name] for run in runs]
        print(f"{name:32} {statistics.median(values):7.2f}x   (runs: {', '.join(f'{v:.2f}' for v in values)})")
    if args.instructions:
        print("---")
        instructions(args.fields)


if __name__ == "__main__":
    main()
