#include "ui/dialogs/connectdialog.h"

#include "core/capture/redaction.h"
#include "core/json/jsontext.h"
#include "core/net/resendheaders.h"
#include "ui/dialogs/copilotkitagentpicker.h"
#include "ui/dialogs/credentialstore.h"
#include "ui/widgets/jsonhighlighter.h"

#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QDialogButtonBox>
#include <QFontDatabase>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPointer>
#include <QPushButton>
#include <QSettings>
#include <QStyledItemDelegate>
#include <QTableWidget>
#include <QUuid>
#include <QVBoxLayout>

namespace agui::ui {

namespace {

constexpr int kMaxRecentEndpoints = 10;

// A form row whose field is a layout gets no buddy from QFormLayout, and a label without a buddy
// shows its "&" literally: the label names the widget its mnemonic focuses.
QLabel *buddyLabel(const QString &text, QWidget *buddy)
{
    auto *label = new QLabel(text, buddy->parentWidget());
    label->setBuddy(buddy);
    return label;
}

// The endpoint as it is remembered: what was typed, read as a URL the way the request reads it,
// with any credential it carries redacted (core/capture/redaction.h).
QString rememberedEndpoint(const QString &typed)
{
    const QString text = typed.trimmed();
    const QUrl url = QUrl::fromUserInput(text);
    const QString redacted = redactUrl(url.toString());
    return redacted == url.toString() ? text : redacted;
}

// Header values are shown as dots unless "Show values" is on, and edited in a password field:
// a screen share or a screenshot never shows a token.
class MaskedValueDelegate : public QStyledItemDelegate
{
public:
    using QStyledItemDelegate::QStyledItemDelegate;
    bool masked = true;

    QString displayText(const QVariant &value, const QLocale &locale) const override
    {
        const QString text = value.toString();
        if (!masked || text.isEmpty())
            return QStyledItemDelegate::displayText(value, locale);
        return QString(qMin<qsizetype>(text.size(), 12), QChar(0x2022));
    }
    QWidget *createEditor(QWidget *parent, const QStyleOptionViewItem &option,
                          const QModelIndex &index) const override
    {
        QWidget *editor = QStyledItemDelegate::createEditor(parent, option, index);
        if (auto *line = qobject_cast<QLineEdit *>(editor); line && masked)
            line->setEchoMode(QLineEdit::Password);
        return editor;
    }
};

bool isRequiredString(const QJsonObject &o, const char *key, QString *error)
{
    const QJsonValue v = o.value(QLatin1String(key));
    if (!v.isString()) {
        *error = v.isUndefined() ? QObject::tr("\"%1\" is required").arg(QLatin1String(key))
                                 : QObject::tr("\"%1\" must be a string").arg(QLatin1String(key));
        return false;
    }
    return true;
}

// The RunAgentInput shape (AG-UI 1.0 §2.2): threadId, runId (strings) and messages (array) are
// required; state must not be null; tools/context must be arrays; resume an array.
QString checkRunAgentInput(const QJsonObject &o)
{
    QString error;
    if (!isRequiredString(o, "threadId", &error) || !isRequiredString(o, "runId", &error))
        return error;
    if (!o.value(QLatin1String("messages")).isArray())
        return QObject::tr("\"messages\" is required and must be an array");
    const QJsonArray messages = o.value(QLatin1String("messages")).toArray();
    for (qsizetype i = 0; i < messages.size(); ++i) {
        const QJsonObject m = messages.at(i).toObject();
        if (!messages.at(i).isObject() || !m.value(QLatin1String("id")).isString()
            || !m.value(QLatin1String("role")).isString())
            return QObject::tr("messages[%1] needs a string \"id\" and \"role\"").arg(i);
    }
    if (o.contains(QLatin1String("state")) && o.value(QLatin1String("state")).isNull())
        return QObject::tr("\"state\" must not be null (omit it instead)");
    for (const char *key : {"tools", "context", "resume"}) {
        if (o.contains(QLatin1String(key)) && !o.value(QLatin1String(key)).isArray())
            return QObject::tr("\"%1\" must be an array").arg(QLatin1String(key));
    }
    const QJsonArray tools = o.value(QLatin1String("tools")).toArray();
    for (qsizetype i = 0; i < tools.size(); ++i) {
        const QJsonObject t = tools.at(i).toObject();
        if (!t.value(QLatin1String("name")).isString()
            || !t.value(QLatin1String("description")).isString())
            return QObject::tr("tools[%1] needs string \"name\" and \"description\"").arg(i);
    }
    const QJsonArray context = o.value(QLatin1String("context")).toArray();
    for (qsizetype i = 0; i < context.size(); ++i) {
        const QJsonObject c = context.at(i).toObject();
        if (!c.value(QLatin1String("description")).isString()
            || !c.value(QLatin1String("value")).isString())
            return QObject::tr("context[%1] needs string \"description\" and \"value\"").arg(i);
    }
    return {};
}

} // namespace

ConnectDialog::ConnectDialog(QWidget *parent)
    : QDialog(parent)
    // Keychain jobs finish after the dialog has closed: the store lives with the window.
    , m_credentials(new CredentialStore(parent ? static_cast<QObject *>(parent)
                                               : QCoreApplication::instance()))
{
    setWindowTitle(tr("Connect and Run"));
    auto *layout = new QVBoxLayout(this);
    auto *form = new QFormLayout;
    layout->addLayout(form);

    m_endpoint = new QComboBox(this);
    m_endpoint->setEditable(true);
    m_endpoint->setInsertPolicy(QComboBox::NoInsert);
    m_endpoint->setMinimumWidth(420);
    m_endpoint->lineEdit()->setPlaceholderText(QStringLiteral("http://127.0.0.1:8000/agent"));
    m_endpoint->addItems(
        QSettings().value(QStringLiteral("connect/recentEndpoints")).toStringList());
    form->addRow(tr("&Endpoint:"), m_endpoint);
    // A CopilotKit runtime's base URL: its agents, each run on its own route (docs/copilotkit.md).
    m_copilotKit = new CopilotKitAgentPicker(this);
    form->addRow(tr("CopilotKit:"), m_copilotKit);
    connect(m_copilotKit, &CopilotKitAgentPicker::findRequested, this, [this] {
        m_copilotKit->find(QUrl::fromUserInput(m_endpoint->currentText().trimmed()),
                           request().headers);
    });
    connect(m_endpoint, &QComboBox::currentTextChanged, m_copilotKit,
            &CopilotKitAgentPicker::reset);

    m_binding = new QComboBox(this);
    m_binding->addItem(tr("Server-sent events (Accept: text/event-stream)"));
    m_binding->addItem(tr("Protobuf frames (Accept: application/vnd.ag-ui.event+proto)"));
    m_binding->setToolTip(tr("What the request's Accept header asks for. Servers pick protobuf "
                             "for any Accept that admits it, so SSE is asked for explicitly."));
    form->addRow(tr("&Binding:"), m_binding);

    m_headers = new QTableWidget(0, 2, this);
    m_headers->setHorizontalHeaderLabels({tr("Header"), tr("Value")});
    m_headers->horizontalHeader()->setStretchLastSection(true);
    m_headers->horizontalHeader()->resizeSection(0, 160);
    m_headers->verticalHeader()->hide();
    m_headers->setMinimumHeight(90);
    auto *delegate = new MaskedValueDelegate(m_headers);
    m_headers->setItemDelegateForColumn(1, delegate);
    auto *headerButtons = new QHBoxLayout;
    auto *add = new QPushButton(tr("Add Header"), this);
    auto *removeButton = new QPushButton(tr("Remove"), this);
    m_showValues = new QCheckBox(tr("Show values"), this);
    m_remember = new QCheckBox(tr("Remember values in the system keychain"), this);
    m_remember->setEnabled(CredentialStore::isAvailable());
    if (!CredentialStore::isAvailable())
        m_remember->setToolTip(tr("This build has no keychain support (qtkeychain)."));
    headerButtons->addWidget(add);
    headerButtons->addWidget(removeButton);
    headerButtons->addWidget(m_showValues);
    headerButtons->addStretch(1);
    headerButtons->addWidget(m_remember);
    connect(add, &QPushButton::clicked, this, [this] {
        addHeaderRow(QStringLiteral("Authorization"), QString());
        m_headers->editItem(m_headers->item(m_headers->rowCount() - 1, 1));
    });
    connect(removeButton, &QPushButton::clicked, this, [this] {
        if (m_headers->currentRow() >= 0)
            m_headers->removeRow(m_headers->currentRow());
    });
    connect(m_showValues, &QCheckBox::toggled, this, &ConnectDialog::setValuesVisible);
    auto *headersBox = new QVBoxLayout;
    headersBox->addWidget(m_headers);
    headersBox->addLayout(headerButtons);
    form->addRow(buddyLabel(tr("&Headers:"), m_headers), headersBox);

    m_body = new QPlainTextEdit(this);
    m_body->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_body->setMinimumHeight(220);
    m_body->setTabChangesFocus(true);
    auto *highlighter = new JsonHighlighter(m_body->document());
    highlighter->setDarkPalette(palette().color(QPalette::Base).lightness() < 128);
    auto *bodyTools = new QHBoxLayout;
    auto *newRun = new QPushButton(tr("New Run Id"), this);
    auto *newThread = new QPushButton(tr("New Thread"), this);
    bodyTools->addWidget(newRun);
    bodyTools->addWidget(newThread);
    bodyTools->addStretch(1);
    m_bodyStatus = new QLabel(this);
    m_bodyStatus->setTextFormat(Qt::PlainText);
    m_bodyStatus->setWordWrap(true);
    auto *bodyBox = new QVBoxLayout;
    bodyBox->addWidget(m_body);
    bodyBox->addLayout(bodyTools);
    bodyBox->addWidget(m_bodyStatus);
    form->addRow(buddyLabel(tr("&RunAgentInput:"), m_body), bodyBox);
    auto patchBody = [this](const char *key, bool resetThread) {
        QJsonObject o = QJsonDocument::fromJson(m_body->toPlainText().toUtf8()).object();
        if (resetThread) {
            o = defaultInput();
        }
        o.insert(QLatin1String(key), newId());
        m_body->setPlainText(json::toIndentedJson(o));
    };
    connect(newRun, &QPushButton::clicked, this, [patchBody] { patchBody("runId", false); });
    connect(newThread, &QPushButton::clicked, this, [patchBody] { patchBody("threadId", true); });

    m_buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    m_buttons->button(QDialogButtonBox::Ok)->setText(tr("Run"));
    connect(m_buttons, &QDialogButtonBox::accepted, this, &ConnectDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(m_buttons);

    connect(m_body, &QPlainTextEdit::textChanged, this, &ConnectDialog::validate);
    connect(m_endpoint, &QComboBox::currentTextChanged, this, &ConnectDialog::validate);
    connect(m_endpoint, &QComboBox::currentTextChanged, this,
            &ConnectDialog::loadRememberedHeaders);
    setInitialInput(defaultInput());
    loadRememberedHeaders();
    validate();
}

QString ConnectDialog::newId()
{
    return QUuid::createUuid().toString(QUuid::WithoutBraces);
}

QJsonObject ConnectDialog::defaultInput()
{
    return QJsonObject {
        {QStringLiteral("threadId"), newId()},
        {QStringLiteral("runId"), newId()},
        {QStringLiteral("messages"),
         QJsonArray {QJsonObject {{QStringLiteral("id"), newId()},
                                  {QStringLiteral("role"), QStringLiteral("user")},
                                  {QStringLiteral("content"), QStringLiteral("Hello!")}}}},
        {QStringLiteral("state"), QJsonObject {}},
        {QStringLiteral("tools"), QJsonArray {}},
        {QStringLiteral("context"), QJsonArray {}},
        {QStringLiteral("forwardedProps"), QJsonObject {}},
    };
}

void ConnectDialog::setInitialInput(const QJsonObject &input)
{
    m_body->setPlainText(json::toIndentedJson(input));
}

void ConnectDialog::setEndpoint(const QString &url)
{
    m_endpoint->setCurrentText(url);
}

void ConnectDialog::setHeaders(const HttpHeaders &headers)
{
    m_headers->setRowCount(0);
    for (const auto &h : headers)
        addHeaderRow(h.first, h.second);
}

void ConnectDialog::addMissingHeaders(const HttpHeaders &headers)
{
    for (const auto &[name, value] : headers) {
        bool present = false;
        for (int row = 0; row < m_headers->rowCount() && !present; ++row) {
            const QTableWidgetItem *item = m_headers->item(row, 0);
            present = item && item->text().compare(name, Qt::CaseInsensitive) == 0;
        }
        if (!present)
            addHeaderRow(name, value);
    }
}

void ConnectDialog::addHeaderRow(const QString &name, const QString &value)
{
    const int row = m_headers->rowCount();
    m_headers->insertRow(row);
    m_headers->setItem(row, 0, new QTableWidgetItem(name));
    m_headers->setItem(row, 1, new QTableWidgetItem(value));
}

void ConnectDialog::setValuesVisible(bool visible)
{
    if (auto *d = dynamic_cast<MaskedValueDelegate *>(m_headers->itemDelegateForColumn(1)))
        d->masked = !visible;
    m_headers->viewport()->update();
}

void ConnectDialog::loadRememberedHeaders()
{
    // Header names per endpoint live in the settings; their values only in the keychain.
    const QString endpoint = rememberedEndpoint(m_endpoint->currentText());
    const QStringList names = QSettings()
                                  .value(QStringLiteral("connect/headers/")
                                         + QString::fromLatin1(QUrl::toPercentEncoding(endpoint)))
                                  .toStringList();
    if (names.isEmpty())
        return;
    m_headers->setRowCount(0);
    m_remember->setChecked(true);
    for (const QString &name : names) {
        addHeaderRow(name, QString());
        const int row = m_headers->rowCount() - 1;
        m_credentials->read(
            CredentialStore::keyFor(endpoint, name),
            [self = QPointer<ConnectDialog>(this), row, name](bool ok, const QString &value) {
                if (!self)
                    return;
                QTableWidget *table = self->m_headers;
                if (ok && row < table->rowCount() && table->item(row, 0)->text() == name)
                    table->item(row, 1)->setText(value);
            });
    }
}

QString ConnectDialog::validationError() const
{
    return m_error;
}

void ConnectDialog::validate()
{
    m_error.clear();
    const QUrl url = QUrl::fromUserInput(m_endpoint->currentText().trimmed());
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(m_body->toPlainText().toUtf8(), &parseError);
    if (m_endpoint->currentText().trimmed().isEmpty())
        m_error = tr("Enter the agent's endpoint URL.");
    else if (!url.isValid()
             || (url.scheme() != QLatin1String("http") && url.scheme() != QLatin1String("https")))
        m_error = tr("The endpoint must be an http:// or https:// URL.");
    else if (net::isRedacted(m_endpoint->currentText()))
        // A recorded URL (Run Again) whose credential the capture redacted: sending the marker
        // would only fail at the agent, so ask for the real value here.
        m_error = tr("The endpoint has a credential the capture redacted (%1): put the real "
                     "value in.")
                      .arg(redactedValue());
    else if (parseError.error != QJsonParseError::NoError)
        m_error
            = tr("Body: %1 at character %2").arg(parseError.errorString()).arg(parseError.offset);
    else if (!doc.isObject())
        m_error = tr("Body: a RunAgentInput must be a JSON object.");
    else if (const QString e = checkRunAgentInput(doc.object()); !e.isEmpty())
        m_error = tr("Body: %1").arg(e);
    m_bodyStatus->setText(m_error.isEmpty() ? tr("✓ valid RunAgentInput") : m_error);
    QPalette p = m_bodyStatus->palette();
    p.setColor(QPalette::WindowText,
               m_error.isEmpty() ? palette().color(QPalette::WindowText)
                                 : QColor(0xc0, 0x1c, 0x28));
    m_bodyStatus->setPalette(p);
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(m_error.isEmpty());
}

RunRequest ConnectDialog::request() const
{
    RunRequest r;
    r.url = QUrl::fromUserInput(m_endpoint->currentText().trimmed());
    for (int row = 0; row < m_headers->rowCount(); ++row) {
        const QString name
            = m_headers->item(row, 0) ? m_headers->item(row, 0)->text().trimmed() : QString();
        if (!name.isEmpty())
            r.headers.append(
                {name, m_headers->item(row, 1) ? m_headers->item(row, 1)->text() : QString()});
    }
    r.input = QJsonDocument::fromJson(m_body->toPlainText().toUtf8()).object();
    r.acceptProtobuf = m_binding->currentIndex() == 1;
    if (const auto agent = m_copilotKit->runRequest(r.input)) {
        r.url = agent->url;
        // The single endpoint takes the input inside its envelope; the session still seeds
        // from the input (runAgentInputOfBody unwraps it).
        if (m_copilotKit->isSingleEndpoint())
            r.body = agent->body;
    }
    return r;
}

void ConnectDialog::accept()
{
    validate();
    if (!m_error.isEmpty())
        return;
    const RunRequest r = request();
    // Remembered (recent list, settings and keychain keys) without the credentials a URL may
    // carry (?api_key=..., user:password@): those are never written anywhere.
    const QString endpoint = rememberedEndpoint(m_endpoint->currentText());
    QSettings settings;
    QStringList recent = settings.value(QStringLiteral("connect/recentEndpoints")).toStringList();
    recent.removeAll(endpoint);
    recent.prepend(endpoint);
    while (recent.size() > kMaxRecentEndpoints)
        recent.removeLast();
    settings.setValue(QStringLiteral("connect/recentEndpoints"), recent);
    const QString namesKey = QStringLiteral("connect/headers/")
        + QString::fromLatin1(QUrl::toPercentEncoding(endpoint));
    if (m_remember->isChecked() && CredentialStore::isAvailable()) {
        QStringList names;
        for (const auto &h : r.headers) {
            names << h.first;
            m_credentials->write(CredentialStore::keyFor(endpoint, h.first), h.second);
        }
        settings.setValue(namesKey, names);
    } else {
        for (const QString &name : settings.value(namesKey).toStringList())
            m_credentials->remove(CredentialStore::keyFor(endpoint, name));
        settings.remove(namesKey);
    }
    QDialog::accept();
}

} // namespace agui::ui
