#pragma once

// Shared by the interop tests: finding node and the pinned npm packages, running the node scripts
// of tests/interop/peer, keeping a server process alive for a test, running one AG-UI request
// through our RunClient, and describing how two JSON values differ.

#include "core/protocol/event.h"

#include <QJsonObject>
#include <QJsonValue>
#include <QList>
#include <QProcess>
#include <QString>
#include <QStringList>
#include <QUrl>

#include <memory>

namespace interop {

// The node executable, or an empty string with *why saying what to do. The interop tests need
// node and the packages of tests/interop/package-lock.json: the README test command
// (./scripts/test.sh) installs both. They fail (never skip) without them.
QString findNode(QString *why);

// The pinned Node (>= 20.15) of tests/interop/copilotkit and its packages (@copilotkit/runtime,
// @copilotkit/aimock), or "" with *why saying what to do. Same contract as findNode: the README
// test command installs them, and the tests fail without them, never skip.
QString findCopilotKitNode(QString *why);

// Scripts and packages of tests/interop/copilotkit (run them with findCopilotKitNode()).
inline const QString kCopilotKitDir = QStringLiteral(AGUI_SOURCE_DIR "/tests/interop/copilotkit/");

inline constexpr char kProtoMediaType[] = "application/vnd.ag-ui.event+proto";

// The node scripts the interop tests run (the peer agent, the reference client's dumps).
inline const QString kPeerDir = QStringLiteral(AGUI_SOURCE_DIR "/tests/interop/peer/");

// Runs `node <args>` (scripts from tests/interop/peer) and parses the last stdout line as JSON.
struct NodeResult
{
    QJsonObject json;
    QString error; // set when node failed or printed no JSON (stderr included)
    bool ok() const { return error.isEmpty(); }
};
// servingEvents: the event loop runs while node does (an in-process server answers it).
NodeResult runNodeJson(const QString &node, const QStringList &args, int timeoutMs = 300000,
                       bool servingEvents = false);

// A server child process kept for the duration of a test. start() returns once a stdout line
// matches `readyPattern` (its first capture group is returned), or fails after timeoutMs.
class ServerProcess
{
public:
    ServerProcess() = default;
    ~ServerProcess();
    ServerProcess(const ServerProcess &) = delete;
    ServerProcess &operator=(const ServerProcess &) = delete;

    QString start(const QString &program, const QStringList &args, const QString &readyPattern,
                  QString *error, int timeoutMs = 60000);
    void stop();

private:
    std::unique_ptr<QProcess> m_process;
};

// One POST of a RunAgentInput through agui::net::RunClient, waited for.
struct RunOutcome
{
    QList<agui::Event> events;
    int httpStatus = 0;
    QString contentType;
    QString failure; // RunClient's failure message ("" when the body ended normally)
};
// Starts the node peer agent (peer/server.mjs) on a free port; its base URL
// ("http://127.0.0.1:PORT"), or "" with *error.
QString startPeerAgent(ServerProcess &peer, const QString &node, QString *error);

RunOutcome runWithRunClient(const QUrl &url, const QJsonObject &input, bool proto,
                            int timeoutMs = 300000);

// "" when equal; else the JSON Patch that turns `ours` into `theirs`, one op per line (capped).
QString describeDifference(const QJsonValue &ours, const QJsonValue &theirs);

// GET url -> JSON body (empty value + *error on failure).
QJsonValue httpGetJson(const QUrl &url, QString *error);

} // namespace interop
