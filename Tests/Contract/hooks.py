"""Schemathesis hooks for the demo API's contract run (Scripts/contract.sh).

An attachment's `document` field repeats the path's id, as every real client sends it (a schema
cannot say that two values are equal).

A real client names every write it sends with a key of its own; the fuzzer draws keys from the
schema and would reuse one for another request, which the server rightly refuses (422). Each
request therefore gets a fresh key. Replays of one key are tested in Swift (the idempotency and
batch tests), where the expected answer is known.
"""
import uuid

import schemathesis


@schemathesis.hook
def before_call(context, case, kwargs):
    if case.headers and "Idempotency-Key" in case.headers:
        case.headers["Idempotency-Key"] = str(uuid.uuid4())
    body = case.body
    if isinstance(body, dict) and isinstance(body.get("changes"), list):
        for change in body["changes"]:
            if isinstance(change, dict) and isinstance(change.get("idempotencyKey"), str):
                change["idempotencyKey"] = str(uuid.uuid4())
    if case.method == "POST" and case.path == "/documents/{id}/attachments" and isinstance(body, dict):
        body["document"] = str((case.path_parameters or {}).get("id", ""))
