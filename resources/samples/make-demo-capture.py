#!/usr/bin/env python3
"""Writes demo.aguicap: a realistic three-run AG-UI session in our capture format
(docs/capture-format.md), for the GUI's "open sample" and the CLI tests.

Run it from this folder: python3 make-demo-capture.py > demo.aguicap
The session: a weather assistant thread. Run 1 reasons, streams text, calls a tool (arguments in
pieces), waits on the tool (an SSE keep-alive), sets and patches state. Run 2 continues the thread
(its request carries the messages so far), calls a second tool and shows an activity card. Run 3
fails with RUN_ERROR. Frames are cut across chunks the way TCP delivers them, once in the middle
of a multi-byte UTF-8 character (that chunk is stored as base64).
"""
import base64
import json

BASE_US = 1796032800000000  # 2026-11-30T10:00:00Z
TOOL = "agui-inspector 0.1.0"


def dumps(value):
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def record(kind, run, t, **fields):
    out = {"k": kind, "run": run, "t": t}
    out.update(fields)
    return dumps(out)


def body_member(prefix, data):
    try:
        text = data.decode("utf-8")
        return {prefix + "Text" if prefix else "text": text}
    except UnicodeDecodeError:
        return {prefix + "B64" if prefix else "b64": base64.b64encode(data).decode("ascii")}


class Run:
    def __init__(self, lines, run, t):
        self.lines, self.run, self.t = lines, run, t
        self.pending = b""
        self.ts = 0

    def request(self, input_):
        body = dumps(input_).encode()
        headers = [["Content-Type", "application/json"], ["Accept", "text/event-stream"],
                   ["Authorization", "<redacted>"], ["User-Agent", TOOL]]
        self.lines.append(record("request", self.run, self.t, method="POST",
                                 url="http://127.0.0.1:8765/agents/weather", headers=headers,
                                 **body_member("body", body)))

    def response(self, dt):
        self.t += dt
        self.lines.append(record("response", self.run, self.t, status=200,
                                 headers=[["Content-Type", "text/event-stream"],
                                          ["Cache-Control", "no-cache"],
                                          ["Transfer-Encoding", "chunked"]]))

    def event(self, event, dt):
        self.ts += dt
        event = dict(event)
        event["timestamp"] = (self.t + self.ts * 1000) // 1000
        self.pending += b"data: " + dumps(event).encode() + b"\n\n"

    def comment(self, text):
        self.pending += b": " + text.encode() + b"\n\n"

    def flush(self, cut=None):
        """Sends the pending bytes as one chunk, or cuts them: `cut` bytes now, the rest stays."""
        self.t += self.ts * 1000 if self.ts else 7000
        self.ts = 0
        data, self.pending = (self.pending, b"") if cut is None else (self.pending[:cut], self.pending[cut:])
        self.lines.append(record("chunk", self.run, self.t, **body_member("", data)))

    def end(self, reason="finished", dt=4000):
        self.t += dt
        self.lines.append(record("end", self.run, self.t, reason=reason))


def main():
    lines = [dumps({"agui-capture": 1, "tool": TOOL, "createdAt": "2026-11-30T10:00:00.000Z"})]
    thread = "thread-weather-7f3a"
    user1 = {"id": "msg-user-1", "role": "user",
             "content": "What's the weather in Paris this afternoon? Do I need an umbrella?"}

    # ---- run 1 ----
    r = Run(lines, 0, BASE_US)
    input1 = {"threadId": thread, "runId": "run-1", "state": {}, "messages": [user1],
              "tools": [{"name": "get_forecast", "description": "Forecast for a city",
                         "parameters": {"type": "object",
                                        "properties": {"city": {"type": "string"},
                                                       "days": {"type": "integer"}},
                                        "required": ["city"]}}],
              "context": [], "forwardedProps": {}}
    r.request(input1)
    r.response(182000)
    r.event({"type": "RUN_STARTED", "threadId": thread, "runId": "run-1"}, 3)
    r.event({"type": "STEP_STARTED", "stepName": "plan"}, 2)
    r.flush()
    r.event({"type": "REASONING_START", "messageId": "reason-1"}, 40)
    r.event({"type": "REASONING_MESSAGE_START", "messageId": "reason-1-m", "role": "reasoning"}, 1)
    r.event({"type": "REASONING_MESSAGE_CONTENT", "messageId": "reason-1-m",
             "delta": "The user wants this afternoon's weather in Paris. "}, 60)
    r.flush()
    r.event({"type": "REASONING_MESSAGE_CONTENT", "messageId": "reason-1-m",
             "delta": "I should call get_forecast for Paris, then advise on the umbrella."}, 85)
    r.event({"type": "REASONING_MESSAGE_END", "messageId": "reason-1-m"}, 2)
    r.event({"type": "REASONING_END", "messageId": "reason-1"}, 1)
    r.event({"type": "STEP_FINISHED", "stepName": "plan"}, 1)
    r.flush()
    r.event({"type": "STEP_STARTED", "stepName": "lookup"}, 12)
    r.event({"type": "TEXT_MESSAGE_START", "messageId": "msg-asst-1", "role": "assistant"}, 20)
    r.event({"type": "TEXT_MESSAGE_CONTENT", "messageId": "msg-asst-1",
             "delta": "Let me check the forecast for Paris…"}, 35)
    r.flush(cut=len(r.pending) - 20)  # a frame cut across two chunks
    r.event({"type": "TEXT_MESSAGE_END", "messageId": "msg-asst-1"}, 30)
    r.event({"type": "TOOL_CALL_START", "toolCallId": "call-forecast-1",
             "toolCallName": "get_forecast", "parentMessageId": "msg-asst-1"}, 15)
    r.flush()
    r.event({"type": "TOOL_CALL_ARGS", "toolCallId": "call-forecast-1", "delta": "{\"city\": "}, 25)
    r.flush()
    r.event({"type": "TOOL_CALL_ARGS", "toolCallId": "call-forecast-1", "delta": "\"Paris\", "}, 22)
    r.event({"type": "TOOL_CALL_ARGS", "toolCallId": "call-forecast-1", "delta": "\"days\": 1}"}, 18)
    r.event({"type": "TOOL_CALL_END", "toolCallId": "call-forecast-1"}, 4)
    r.flush()
    r.comment("keep-alive")  # the tool takes a while
    r.ts = 1500
    r.flush()
    r.event({"type": "TOOL_CALL_RESULT", "messageId": "msg-tool-1", "toolCallId": "call-forecast-1",
             "role": "tool",
             "content": "{\"city\":\"Paris\",\"tempC\":14,\"rainChance\":0.7,\"summary\":\"Showers after 2 pm\"}"}, 640)
    r.event({"type": "STATE_SNAPSHOT",
             "snapshot": {"city": "Paris", "forecast": None, "umbrella": None, "history": []}}, 5)
    r.flush()
    r.event({"type": "STATE_DELTA", "delta": [
        {"op": "replace", "path": "/forecast", "value": {"tempC": 14, "rainChance": 0.7}},
        {"op": "replace", "path": "/umbrella", "value": True},
        {"op": "add", "path": "/history/-", "value": "Paris"}]}, 9)
    r.event({"type": "STEP_FINISHED", "stepName": "lookup"}, 2)
    r.event({"type": "TEXT_MESSAGE_START", "messageId": "msg-asst-2", "role": "assistant"}, 14)
    r.flush()
    r.event({"type": "TEXT_MESSAGE_CONTENT", "messageId": "msg-asst-2",
             "delta": "Showers are likely after 2 pm (70 % chance), around 14 °C. "}, 48)
    # Cut inside the two-byte "°" so the chunk is not valid UTF-8 on its own (stored as b64).
    r.flush(cut=r.pending.index("°".encode()) + 1)
    r.event({"type": "TEXT_MESSAGE_CONTENT", "messageId": "msg-asst-2",
             "delta": "Yes, take an umbrella ☂."}, 41)
    r.event({"type": "TEXT_MESSAGE_END", "messageId": "msg-asst-2"}, 3)
    r.event({"type": "RUN_FINISHED", "threadId": thread, "runId": "run-1"}, 2)
    r.flush()
    r.end()

    # ---- run 2: the client sends the thread so far ----
    messages_after_1 = [
        user1,
        {"id": "msg-asst-1", "role": "assistant", "content": "Let me check the forecast for Paris…",
         "toolCalls": [{"id": "call-forecast-1", "type": "function",
                        "function": {"name": "get_forecast",
                                     "arguments": "{\"city\": \"Paris\", \"days\": 1}"}}]},
        {"id": "msg-tool-1", "role": "tool", "toolCallId": "call-forecast-1",
         "content": "{\"city\":\"Paris\",\"tempC\":14,\"rainChance\":0.7,\"summary\":\"Showers after 2 pm\"}"},
        {"id": "msg-asst-2", "role": "assistant",
         "content": "Showers are likely after 2 pm (70 % chance), around 14 °C. Yes, take an umbrella ☂."},
        {"id": "msg-user-2", "role": "user", "content": "And tomorrow in Lyon?"},
    ]
    state_after_1 = {"city": "Paris", "forecast": {"tempC": 14, "rainChance": 0.7},
                     "umbrella": True, "history": ["Paris"]}
    r = Run(lines, 1, BASE_US + 45_000_000)
    input2 = dict(input1, runId="run-2", messages=messages_after_1, state=state_after_1)
    r.request(input2)
    r.response(150000)
    r.event({"type": "RUN_STARTED", "threadId": thread, "runId": "run-2"}, 2)
    r.event({"type": "TEXT_MESSAGE_START", "messageId": "msg-asst-3", "role": "assistant"}, 30)
    r.event({"type": "TEXT_MESSAGE_CONTENT", "messageId": "msg-asst-3",
             "delta": "Checking Lyon for tomorrow."}, 25)
    r.event({"type": "TEXT_MESSAGE_END", "messageId": "msg-asst-3"}, 2)
    r.flush()
    r.event({"type": "TOOL_CALL_START", "toolCallId": "call-forecast-2",
             "toolCallName": "get_forecast", "parentMessageId": "msg-asst-3"}, 10)
    r.event({"type": "TOOL_CALL_ARGS", "toolCallId": "call-forecast-2",
             "delta": "{\"city\": \"Lyon\", \"days\": 2}"}, 20)
    r.event({"type": "TOOL_CALL_END", "toolCallId": "call-forecast-2"}, 2)
    r.flush()
    r.event({"type": "TOOL_CALL_RESULT", "messageId": "msg-tool-2", "toolCallId": "call-forecast-2",
             "role": "tool",
             "content": "{\"city\":\"Lyon\",\"tempC\":19,\"rainChance\":0.1,\"summary\":\"Sunny\"}"}, 420)
    r.event({"type": "STATE_DELTA", "delta": [
        {"op": "replace", "path": "/city", "value": "Lyon"},
        {"op": "replace", "path": "/forecast", "value": {"tempC": 19, "rainChance": 0.1}},
        {"op": "replace", "path": "/umbrella", "value": False},
        {"op": "add", "path": "/history/-", "value": "Lyon"}]}, 6)
    r.flush()
    r.event({"type": "ACTIVITY_SNAPSHOT", "messageId": "activity-card-1",
             "activityType": "forecast-card",
             "content": {"city": "Lyon", "day": "tomorrow", "tempC": 19, "icon": "sun"}}, 12)
    r.event({"type": "TEXT_MESSAGE_START", "messageId": "msg-asst-4", "role": "assistant"}, 9)
    r.event({"type": "TEXT_MESSAGE_CONTENT", "messageId": "msg-asst-4",
             "delta": "Tomorrow in Lyon: sunny, 19 °C. "}, 38)
    r.flush()
    r.event({"type": "TEXT_MESSAGE_CONTENT", "messageId": "msg-asst-4",
             "delta": "No umbrella needed."}, 33)
    r.event({"type": "TEXT_MESSAGE_END", "messageId": "msg-asst-4"}, 2)
    r.event({"type": "RUN_FINISHED", "threadId": thread, "runId": "run-2",
             "result": {"answered": True}}, 2)
    r.flush()
    r.end()

    # ---- run 3: the agent fails ----
    r = Run(lines, 2, BASE_US + 95_000_000)
    input3 = dict(input1, runId="run-3", state={"city": "Lyon", "forecast": {"tempC": 19, "rainChance": 0.1},
                                                "umbrella": False, "history": ["Paris", "Lyon"]},
                  messages=[{"id": "msg-user-3", "role": "user",
                             "content": "Book me a table for two tonight."}])
    r.request(input3)
    r.response(140000)
    r.event({"type": "RUN_STARTED", "threadId": thread, "runId": "run-3"}, 2)
    r.event({"type": "TEXT_MESSAGE_START", "messageId": "msg-asst-5", "role": "assistant"}, 28)
    r.event({"type": "TEXT_MESSAGE_CONTENT", "messageId": "msg-asst-5",
             "delta": "Looking for a restaurant"}, 30)
    r.flush()
    r.event({"type": "TEXT_MESSAGE_END", "messageId": "msg-asst-5"}, 2900)
    r.event({"type": "RUN_ERROR", "message": "the booking service did not answer within 3 s",
             "code": "upstream_timeout"}, 1)
    r.flush()
    r.end()

    print("\n".join(lines))


if __name__ == "__main__":
    main()
