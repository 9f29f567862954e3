"""What the scripts that drive `modelform serve` share: a request on its own connection (the
Host header and form encoding a browser sends), and a hidden field of a page."""
import html
import http.client
import re
import urllib.parse


def request(port, method, path, cookie=None, fields=None, timeout=30, source="127.0.0.1"):
    """Status, body text and Set-Cookie of one request to 127.0.0.1:port, sent from `source`
    (another loopback address is another peer)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout, source_address=(source, 0))
    headers = {"Host": f"127.0.0.1:{port}"}
    if cookie:
        headers["Cookie"] = cookie
    body = urllib.parse.urlencode(fields) if fields is not None else None
    if body is not None:
        headers["Content-Type"] = "application/x-www-form-urlencoded"
    connection.request(method, path, body=body, headers=headers)
    response = connection.getresponse()
    return response.status, response.read().decode(), response.getheader("Set-Cookie") or ""


def hidden(page, name):
    """The value of the page's hidden field `name`, or None."""
    found = re.search(f'name="{re.escape(name)}" value="([^"]*)"', page)
    return html.unescape(found.group(1)) if found else None
