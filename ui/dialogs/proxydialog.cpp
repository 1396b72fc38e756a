#include "ui/dialogs/proxydialog.h"

#include "core/capture/redaction.h"
#include "ui/persistsettings.h"
#include "ui/views/heldparts.h"

#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>

namespace agui::ui {

namespace {

const char kAddressKey[] = "proxy/listenAddress";
const char kPortKey[] = "proxy/listenPort";
const char kUpstreamKey[] = "proxy/upstream";
const char kRulesKey[] = "proxy/rulesFile";
const char kBreakpointsKey[] = "proxy/breakpoints";
const char kMapPathKey[] = "proxy/mapLocalPath";
const char kMapCaptureKey[] = "proxy/mapLocalCapture";

// A Browse… button that fills `field` with a file picked to open.
QPushButton *browseButton(QWidget *dialog, QLineEdit *field, const QString &title,
                          const QString &filter)
{
    auto *browse = new QPushButton(ProxyDialog::tr("Browse…"), dialog);
    QObject::connect(browse, &QPushButton::clicked, dialog, [dialog, field, title, filter] {
        const QString path = QFileDialog::getOpenFileName(dialog, title, field->text(), filter);
        if (!path.isEmpty())
            field->setText(path);
    });
    return browse;
}

} // namespace

ProxyDialog::ProxyDialog(QWidget *parent)
    : QDialog(parent)
{
    setWindowTitle(tr("Start Proxy"));
    auto *form = new QFormLayout(this);
    auto *about = new QLabel(tr("A front end on this machine talks to the proxy instead of its "
                                "agent; each request is forwarded to the agent unchanged and "
                                "recorded as a run of a new session in this window, as it "
                                "happens. Credentials are forwarded but not recorded."),
                             this);
    about->setTextFormat(Qt::PlainText);
    about->setWordWrap(true);
    form->addRow(about);
    m_address = new QLineEdit(QStringLiteral("127.0.0.1"), this);
    m_address->setObjectName(QStringLiteral("proxyListenAddress"));
    m_address->setToolTip(tr("Only this machine can connect unless you bind another address"));
    form->addRow(tr("Listen on address:"), m_address);
    m_port = new QSpinBox(this);
    m_port->setObjectName(QStringLiteral("proxyListenPort"));
    m_port->setRange(0, 65535);
    m_port->setSpecialValueText(tr("any free port"));
    m_port->setValue(kDefaultPort);
    form->addRow(tr("Port:"), m_port);
    m_upstream = new QLineEdit(this);
    m_upstream->setObjectName(QStringLiteral("proxyUpstream"));
    m_upstream->setPlaceholderText(QStringLiteral("http://127.0.0.1:8000/agent"));
    form->addRow(tr("Forward to (agent URL):"), m_upstream);
    addInterceptRows(form);
    m_error = new QLabel(this);
    m_error->setObjectName(QStringLiteral("proxyDialogError"));
    m_error->setTextFormat(Qt::PlainText);
    m_error->setWordWrap(true);
    form->addRow(m_error);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Start"));
    connect(buttons, &QDialogButtonBox::accepted, this, &ProxyDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &ProxyDialog::reject);
    form->addRow(buttons);
    restore();
}

// What the proxy does to the traffic besides recording it: rewrite rules, breakpoints, map local.
void ProxyDialog::addInterceptRows(QFormLayout *form)
{
    m_rulesPath = new QLineEdit(this);
    m_rulesPath->setObjectName(QStringLiteral("proxyRulesFile"));
    m_rulesPath->setPlaceholderText(tr("none: every event passes unchanged"));
    m_rulesPath->setToolTip(tr("A JSON file of rewrite rules: each a filter and an action (drop, "
                               "delay, edit with a JSON Patch, inject events) applied to the "
                               "events on their way to the front end"));
    auto *rulesRow = new QHBoxLayout;
    rulesRow->addWidget(m_rulesPath, 1);
    rulesRow->addWidget(browseButton(this, m_rulesPath, tr("Rewrite Rules"),
                                     tr("Rewrite rules (*.json);;All files (*)")));
    form->addRow(tr("Rewrite rules:"), rulesRow);
    m_breakpoints = new QPlainTextEdit(this);
    m_breakpoints->setObjectName(QStringLiteral("proxyBreakpoints"));
    m_breakpoints->setPlaceholderText(
        tr("none; one filter per line, e.g.\ntype:TOOL_CALL_START text:search"));
    m_breakpoints->setToolTip(tr("Each line is an event filter (as in the filter bar). An event "
                                 "it matches is held, with everything after it, until you resume, "
                                 "edit, drop or inject in the Breakpoint tab"));
    m_breakpoints->setTabChangesFocus(true);
    m_breakpoints->setFixedHeight(m_breakpoints->fontMetrics().lineSpacing() * 4);
    form->addRow(tr("Break on:"), m_breakpoints);
    m_mapPath = new QLineEdit(this);
    m_mapPath->setObjectName(QStringLiteral("proxyMapPath"));
    m_mapPath->setPlaceholderText(QStringLiteral("/agent"));
    m_mapPath->setToolTip(tr("Requests for this path (without the query) are answered from the "
                             "capture instead of the agent"));
    m_mapCapture = new QLineEdit(this);
    m_mapCapture->setObjectName(QStringLiteral("proxyMapCapture"));
    m_mapCapture->setPlaceholderText(tr("none: every request goes to the agent"));
    m_mapCapture->setToolTip(tr("Each mapped request gets the capture's next recorded run, byte "
                                "for byte, with its recorded pacing"));
    auto *mapRow = new QHBoxLayout;
    mapRow->addWidget(m_mapPath);
    mapRow->addWidget(new QLabel(tr("from"), this));
    mapRow->addWidget(m_mapCapture, 1);
    mapRow->addWidget(browseButton(this, m_mapCapture, tr("Answer from Capture"),
                                   tr("Captures (*.aguicap *.sse *.jsonl);;All files (*)")));
    form->addRow(tr("Map local:"), mapRow);
}

QHostAddress ProxyDialog::address() const
{
    return parseAddress(m_address->text());
}

quint16 ProxyDialog::port() const
{
    return quint16(m_port->value());
}

QUrl ProxyDialog::upstream() const
{
    return QUrl(m_upstream->text().trimmed(), QUrl::StrictMode);
}

QString ProxyDialog::rulesPath() const
{
    return m_rulesPath->text().trimmed();
}

QStringList ProxyDialog::breakpoints() const
{
    return filterLines(m_breakpoints->toPlainText());
}

QString ProxyDialog::mapPath() const
{
    const QString path = m_mapPath->text().trimmed();
    return path.isEmpty() && !mapCapture().isEmpty() ? QStringLiteral("/") : path;
}

QString ProxyDialog::mapCapture() const
{
    return m_mapCapture->text().trimmed();
}

QHostAddress ProxyDialog::parseAddress(const QString &text)
{
    const QString t = text.trimmed();
    if (t.compare(QLatin1String("localhost"), Qt::CaseInsensitive) == 0)
        return QHostAddress(QHostAddress::LocalHost);
    return QHostAddress(t);
}

QString ProxyDialog::upstreamProblem(const QUrl &url)
{
    if (url.isEmpty())
        return tr("Enter the agent's URL, for example http://127.0.0.1:8000/agent.");
    if (!url.isValid())
        return tr("The agent's URL is not valid: %1").arg(url.errorString());
    const QString scheme = url.scheme().toLower();
    if (scheme != QLatin1String("http") && scheme != QLatin1String("https"))
        return tr("The agent's URL must start with http:// or https://.");
    if (url.host().isEmpty())
        return tr("The agent's URL has no host.");
    return {};
}

QString ProxyDialog::validationError() const
{
    if (address().isNull())
        return tr("The listening address must be an IP address such as 127.0.0.1 (this machine "
                  "only) or 0.0.0.0 (every interface).");
    if (!mapCapture().isEmpty() && !mapPath().startsWith(QLatin1Char('/')))
        return tr("Map local: the path must start with /, e.g. /agent.");
    if (!mapCapture().isEmpty() && !QFileInfo(mapCapture()).isFile())
        return tr("Map local: %1 is not a file.").arg(mapCapture());
    return upstreamProblem(upstream());
}

// Reads the rules file; what is wrong with it (the file, the rule, the field) or empty.
QString ProxyDialog::readRules()
{
    m_rules = {};
    QString error;
    if (!rulesPath().isEmpty())
        m_rules = intercept::RewriteRules::fromFile(rulesPath(), &error);
    if (!error.isEmpty())
        return tr("Rewrite rules: %1").arg(error);
    m_rules = m_rules.withBreakpoints(breakpoints(), &error);
    return error.isEmpty() ? QString() : tr("Break on: %1").arg(error);
}

void ProxyDialog::accept()
{
    QString error = validationError();
    if (error.isEmpty())
        error = readRules();
    m_error->setText(error);
    if (!error.isEmpty())
        return;
    remember();
    QDialog::accept();
}

void ProxyDialog::restore()
{
    if (!persistSettings())
        return;
    const QSettings settings;
    m_address->setText(settings.value(QLatin1String(kAddressKey), m_address->text()).toString());
    m_port->setValue(settings.value(QLatin1String(kPortKey), int(kDefaultPort)).toInt());
    m_upstream->setText(settings.value(QLatin1String(kUpstreamKey)).toString());
    m_rulesPath->setText(settings.value(QLatin1String(kRulesKey)).toString());
    m_breakpoints->setPlainText(settings.value(QLatin1String(kBreakpointsKey)).toString());
    m_mapPath->setText(settings.value(QLatin1String(kMapPathKey)).toString());
    m_mapCapture->setText(settings.value(QLatin1String(kMapCaptureKey)).toString());
}

void ProxyDialog::remember() const
{
    if (!persistSettings())
        return;
    QSettings settings;
    settings.setValue(QLatin1String(kAddressKey), m_address->text().trimmed());
    settings.setValue(QLatin1String(kPortKey), m_port->value());
    settings.setValue(QLatin1String(kRulesKey), rulesPath());
    rememberBreakpoints(breakpoints());
    settings.setValue(QLatin1String(kMapPathKey), m_mapPath->text().trimmed());
    settings.setValue(QLatin1String(kMapCaptureKey), mapCapture());
    // A URL with a secret in it (user info, a token in the query) stays out of the settings file.
    const QString text = m_upstream->text().trimmed();
    if (redactUrl(text) == text && upstream().userInfo().isEmpty())
        settings.setValue(QLatin1String(kUpstreamKey), text);
}

void ProxyDialog::rememberBreakpoints(const QStringList &filters)
{
    if (persistSettings())
        QSettings().setValue(QLatin1String(kBreakpointsKey), filters.join(QLatin1Char('\n')));
}

} // namespace agui::ui
