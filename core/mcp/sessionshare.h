#pragma once

// A session someone else records, served to coding agents over MCP's Streamable HTTP transport:
// the GUI's "Share Session with Coding Agents". Lives on a thread of its own (the GUI moves it
// there), so decoding the copies it is handed and answering bulk tool calls (lint of a million
// events) never holds up the window. Everything here runs on that thread; the GUI talks to it by
// queued calls and hears back through the signals.
//
// The shared session is the capture "session" in the server's CaptureSet, followed through a
// GrowingCaptureSession: each update() decodes only the events added since the last one, between
// two requests, so an agent always reads one consistent moment of the recording.

#include "core/analysis/capturesession.h"
#include "core/capture/capture.h"

#include <QObject>
#include <QUrl>

#include <memory>

namespace agui::net {
class HttpServer;
}

namespace agui::mcp {

class HttpEndpoint;
class Server;

class SessionShare : public QObject
{
    Q_OBJECT

public:
    static constexpr const char *kCaptureName = "session";

    explicit SessionShare(const QString &version, QObject *parent = nullptr);
    ~SessionShare() override;

    // Decodes `capture` (the first copy), then listens on 127.0.0.1:port (0: any free port) with
    // the bearer token (empty: none). started(url) or failed(reason) tells how it went.
    void start(const Capture &capture, const QString &sourcePath, quint16 port,
               const QByteArray &token);
    // A newer copy of the same recording (or another one: the session starts over). updated()
    // says when it is in.
    void update(const Capture &capture);
    void stop(); // closes the port; queued calls to update() are ignored from then on

    QUrl url() const;
    qint64 eventCount() const;

Q_SIGNALS:
    void started(const QUrl &url);
    void failed(const QString &reason);
    void updated(qint64 events);
    void messageHandled(const QString &method, const QString &tool, int status);
    void sessionsChanged(int count);

private:
    QString m_version;
    std::unique_ptr<analysis::GrowingCaptureSession> m_growing;
    std::unique_ptr<Server> m_server;
    net::HttpServer *m_http = nullptr; // children of this object
    HttpEndpoint *m_endpoint = nullptr;
};

} // namespace agui::mcp
