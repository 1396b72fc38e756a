#pragma once

#include "core/intercept/rewriterules.h"
#include "ui/live/runrequest.h"

#include <QHostAddress>

#include <QStringList>

class QCommandLineParser;

namespace agui::gui {

// The command line of agui-inspector: what it may ask for, and what the window does at start
// with a capture path, an endpoint URL (the Connect dialog, filled in) or --connect (a run).
void addLaunchOptions(QCommandLineParser &parser);

// Whether the command line only asks for text (--help, --version, or a mistake the parser
// reports): those are answered without a display, before any QApplication exists.
bool wantsTextOnly(QCommandLineParser &parser, const QStringList &arguments);

// A positional argument that names an endpoint rather than a file (http:// or https://).
bool isEndpointUrl(const QString &argument);

// The run --connect URL [--body FILE] asks for (the default RunAgentInput without --body).
// false + *error naming the file and byte when the body is not a JSON object.
bool runRequestFromOptions(const QCommandLineParser &parser, ui::RunRequest *out, QString *error);

// --proxy URL [--listen HOST:PORT] [--rules FILE] [--break FILTER]… [--map-local PATH=CAPTURE]: the
// window starts File > Start Proxy… with these at once, as `agui-inspect proxy` does without a
// window.
struct ProxyLaunch
{
    QHostAddress host = QHostAddress(QHostAddress::LocalHost);
    quint16 port = 8766;
    QUrl upstream;
    intercept::RewriteRules rules; // the breakpoints, then the rules file's
    QString source; // where the rules came from, for the session's notes
    QString mapPath; // --map-local PATH=CAPTURE
    QString mapCapture;
};
// false + *error naming the option (and the file, rule and field) when one is wrong.
bool proxyFromOptions(const QCommandLineParser &parser, ProxyLaunch *out, QString *error);

} // namespace agui::gui
