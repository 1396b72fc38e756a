#include "ui/window/otelactions.h"

#include "core/otel/captureexport.h"
#include "core/otel/exchangetracer.h"
#include "ui/live/liveruncontroller.h"
#include "ui/models/sessiondocument.h"

#include <QAction>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QCoreApplication>
#include <QDesktopServices>
#include <QDialog>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QFutureWatcher>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QInputDialog>
#include <QLineEdit>
#include <QMessageBox>
#include <QProcessEnvironment>
#include <QPushButton>
#include <QRadioButton>
#include <QSaveFile>
#include <QSettings>
#include <QtConcurrent/QtConcurrentRun>

namespace agui::ui {

namespace {

const QString kSendContextKey = QStringLiteral("otel/sendTraceContext");
const QString kUrlTemplateKey = QStringLiteral("otel/traceUrlTemplate");
const QString kEndpointKey = QStringLiteral("otel/endpoint");
const QString kProtocolKey = QStringLiteral("otel/protocol");
// Jaeger's trace page, as an example of what a template looks like.
const QString kTemplateExample = QStringLiteral("http://localhost:16686/trace/{traceId}");

// What the export dialog decided.
struct ExportChoice
{
    QString file; // write the OTLP body here, or
    otel::OtlpConfig config; // send it to config.tracesUrl
    bool send = false;
    bool content = false;
};

// The work of an export, on a worker thread: the capture decoded anew, mapped, written or sent.
QString runExport(const Capture &capture, const QString &sourceFile, const ExportChoice &choice)
{
    analysis::CaptureSession loaded;
    SessionOptions options;
    options.checkpointInterval = 0;
    options.keepBytes = false;
    if (sourceFile.isEmpty()) {
        analysis::sessionFromCapture(capture, &loaded, options);
    } else {
        QString error;
        if (!analysis::loadCaptureSession(sourceFile, &loaded, &error, options))
            return QObject::tr("Cannot read %1: %2").arg(sourceFile, error);
        loaded.session->finish();
    }
    otel::TraceOptions trace;
    trace.captureContent = choice.content;
    otel::CaptureTraces traces = otel::tracesOfCapture(loaded, choice.config, trace,
                                                       QCoreApplication::applicationVersion());
    const qsizetype spans = traces.batch.spans.size();
    if (!choice.send) {
        QSaveFile file(choice.file);
        const QByteArray body = otel::encodeBatch(traces.batch, choice.config.protocol);
        if (!file.open(QIODevice::WriteOnly) || file.write(body) != body.size() || !file.commit())
            return QObject::tr("Cannot write %1: %2").arg(choice.file, file.errorString());
        return QObject::tr("Exported %1 spans of %2 runs to %3")
            .arg(spans)
            .arg(traces.runs)
            .arg(choice.file);
    }
    const otel::ExporterStats stats
        = otel::sendBatch(std::move(traces.batch), choice.config, 60'000, {});
    if (stats.exported == spans)
        return QObject::tr("Sent %1 spans of %2 runs to %3")
            .arg(spans)
            .arg(traces.runs)
            .arg(choice.config.describe());
    return QObject::tr("The collector took %1 of %2 spans: %3")
        .arg(stats.exported)
        .arg(spans)
        .arg(stats.lastError);
}

// The dialog: a file or a collector, the encoding, the service name, content or not.
class ExportDialog : public QDialog
{
public:
    ExportDialog(QWidget *parent, const QString &endpoint)
        : QDialog(parent)
    {
        setWindowTitle(tr("Export as OpenTelemetry Trace"));
        setObjectName(QStringLiteral("otelExportDialog"));
        auto *form = new QFormLayout(this);
        m_toFile = new QRadioButton(tr("To a &file"), this);
        m_toCollector = new QRadioButton(tr("To a &collector"), this);
        m_toCollector->setObjectName(QStringLiteral("otelToCollector"));
        m_toFile->setChecked(true);
        auto *fileRow = new QHBoxLayout;
        m_file = new QLineEdit(this);
        m_file->setObjectName(QStringLiteral("otelFile"));
        m_file->setPlaceholderText(tr("trace.otlp.json"));
        auto *browse = new QPushButton(tr("&Browse…"), this);
        fileRow->addWidget(m_file);
        fileRow->addWidget(browse);
        m_endpoint = new QLineEdit(endpoint, this);
        m_endpoint->setObjectName(QStringLiteral("otelEndpoint"));
        m_endpoint->setPlaceholderText(QStringLiteral("http://localhost:4318"));
        m_endpoint->setToolTip(tr("The collector's base URL (OTEL_EXPORTER_OTLP_ENDPOINT): spans "
                                  "go to URL/v1/traces"));
        m_protocol = new QComboBox(this);
        m_protocol->addItem(tr("OTLP JSON (http/json)"));
        m_protocol->addItem(tr("OTLP protobuf (http/protobuf)"));
        m_service = new QLineEdit(QStringLiteral("agui-inspector"), this);
        m_content = new QCheckBox(tr("Include content (message text, tool arguments and "
                                     "results, error messages)"),
                                  this);
        form->addRow(m_toFile, fileRow);
        form->addRow(m_toCollector, m_endpoint);
        form->addRow(tr("&Encoding:"), m_protocol);
        form->addRow(tr("&Service name:"), m_service);
        form->addRow(m_content);
        auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
        buttons->button(QDialogButtonBox::Ok)->setText(tr("Export"));
        form->addRow(buttons);
        connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
        connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
        connect(browse, &QPushButton::clicked, this, [this] {
            const QString path = QFileDialog::getSaveFileName(
                this, tr("Export as OpenTelemetry Trace"), m_file->text(),
                tr("OTLP JSON (*.json);;OTLP protobuf (*.pb *.binpb)"));
            if (!path.isEmpty())
                m_file->setText(path);
        });
        connect(m_toCollector, &QRadioButton::toggled, this, [this](bool on) {
            m_endpoint->setEnabled(on);
            m_file->setEnabled(!on);
        });
        m_endpoint->setEnabled(false);
    }

    // The choice, or "" with *why set when it is not complete.
    ExportChoice choice(QString *why) const
    {
        ExportChoice c;
        QStringList problems;
        c.config = otel::OtlpConfig::fromEnvironment(QProcessEnvironment::systemEnvironment(),
                                                     &problems);
        c.config.protocol = m_protocol->currentIndex() == 0
            ? otel::OtlpConfig::Protocol::HttpJson
            : otel::OtlpConfig::Protocol::HttpProtobuf;
        c.config.serviceName = m_service->text().trimmed();
        c.content = m_content->isChecked();
        c.send = m_toCollector->isChecked();
        if (c.send) {
            c.config.setEndpoint(m_endpoint->text().trimmed());
            if (!c.config.hasUsableUrl())
                *why = tr("The collector's URL must be an http:// or https:// URL.");
        } else {
            c.file = m_file->text().trimmed();
            if (c.file.isEmpty())
                *why = tr("Choose the file to write.");
        }
        return c;
    }
    QString endpoint() const { return m_endpoint->text().trimmed(); }

private:
    QRadioButton *m_toFile;
    QRadioButton *m_toCollector;
    QLineEdit *m_file;
    QLineEdit *m_endpoint;
    QComboBox *m_protocol;
    QLineEdit *m_service;
    QCheckBox *m_content;
};

} // namespace

OtelActions::OtelActions(QWidget *dialogParent, const SessionDocument *document,
                         LiveRunController *live, bool persist)
    : QObject(dialogParent)
    , m_parent(dialogParent)
    , m_persist(persist)
    , m_document(document)
    , m_live(live)
{
    setObjectName(QStringLiteral("otelActions"));
    m_export = new QAction(tr("Export as &OpenTelemetry Trace…"), this);
    m_export->setToolTip(tr("The session's runs as OpenTelemetry spans, to an OTLP file or a "
                            "collector"));
    connect(m_export, &QAction::triggered, this, &OtelActions::showExportDialog);

    m_sendContext = new QAction(tr("Send &Trace Context"), this);
    m_sendContext->setCheckable(true);
    m_sendContext->setToolTip(tr("Each run sends a W3C traceparent, so the agent's own spans "
                                 "join the run's trace"));
    m_sendContext->setChecked(!m_persist || QSettings().value(kSendContextKey, true).toBool());
    m_live->setSendTraceContext(m_sendContext->isChecked());
    connect(m_sendContext, &QAction::toggled, this, [this](bool on) {
        m_live->setSendTraceContext(on);
        if (m_persist)
            QSettings().setValue(kSendContextKey, on);
    });

    m_copyTraceId = new QAction(tr("Copy Trace &ID"), this);
    connect(m_copyTraceId, &QAction::triggered, this, [this] {
        QGuiApplication::clipboard()->setText(QString::fromLatin1(m_live->lastTraceId().toHex()));
        Q_EMIT message(
            tr("Copied trace id %1").arg(QString::fromLatin1(m_live->lastTraceId().toHex())), 4000);
    });
    m_openTrace = new QAction(tr("Open Trace in Tracing &UI…"), this);
    connect(m_openTrace, &QAction::triggered, this, &OtelActions::openTrace);
    connect(m_live, &LiveRunController::stateChanged, this, &OtelActions::updateTraceActions);
    updateTraceActions();

    m_liveExport = new QAction(tr("Export Live Runs to a &Collector…"), this);
    m_liveExport->setCheckable(true);
    m_liveExport->setToolTip(tr("Each run's spans go to an OpenTelemetry collector as it ends"));
    connect(m_liveExport, &QAction::toggled, this, &OtelActions::setLiveExport);
}

OtelActions::~OtelActions()
{
    stopLiveExport();
}

QString OtelActions::traceUrl(const QString &urlTemplate, const QByteArray &traceId)
{
    if (urlTemplate.isEmpty() || traceId.isEmpty())
        return {};
    QString url = urlTemplate;
    return url.replace(QLatin1String("{traceId}"), QString::fromLatin1(traceId.toHex()));
}

void OtelActions::updateTraceActions()
{
    const QByteArray id = m_live->lastTraceId();
    m_copyTraceId->setEnabled(!id.isEmpty());
    m_openTrace->setEnabled(!id.isEmpty());
    m_copyTraceId->setText(
        id.isEmpty() ? tr("Copy Trace &ID")
                     : tr("Copy Trace &ID (%1…)").arg(QString::fromLatin1(id.toHex().left(8))));
}

void OtelActions::openTrace()
{
    QString urlTemplate = m_persist ? QSettings().value(kUrlTemplateKey).toString() : QString();
    if (urlTemplate.isEmpty()) {
        bool ok = false;
        urlTemplate = QInputDialog::getText(
            m_parent, tr("Tracing UI"),
            tr("The address of a trace in your tracing UI, with {traceId} where the id goes:"),
            QLineEdit::Normal, kTemplateExample, &ok);
        if (!ok || !urlTemplate.contains(QLatin1String("{traceId}")))
            return;
        if (m_persist)
            QSettings().setValue(kUrlTemplateKey, urlTemplate);
    }
    const QUrl url(traceUrl(urlTemplate, m_live->lastTraceId()));
    if (!url.isValid() || !QDesktopServices::openUrl(url))
        Q_EMIT message(tr("Cannot open %1").arg(url.toString()), 8000);
}

void OtelActions::showExportDialog()
{
    const QString endpoint = m_persist ? QSettings().value(kEndpointKey).toString() : QString();
    ExportDialog dialog(m_parent, endpoint);
    if (dialog.exec() != QDialog::Accepted)
        return;
    QString why;
    const ExportChoice choice = dialog.choice(&why);
    if (!why.isEmpty()) {
        QMessageBox::warning(m_parent, tr("Export as OpenTelemetry Trace"), why);
        return;
    }
    if (m_persist && choice.send)
        QSettings().setValue(kEndpointKey, dialog.endpoint());
    // Bytes past the live runs' memory budget are in the capture file only: read that.
    const QString sourceFile = m_document->bodySpilled() ? m_live->captureFilePath() : QString();
    m_export->setEnabled(false);
    Q_EMIT message(tr("Exporting the session as OpenTelemetry spans…"), 0);
    auto *watcher = new QFutureWatcher<QString>(this);
    connect(watcher, &QFutureWatcher<QString>::finished, this, [this, watcher] {
        m_export->setEnabled(true);
        Q_EMIT message(watcher->result(), 15000);
        watcher->deleteLater();
    });
    watcher->setFuture(QtConcurrent::run(runExport, m_document->capture(), sourceFile, choice));
}

void OtelActions::setLiveExport(bool on)
{
    if (!on) {
        stopLiveExport();
        Q_EMIT message(tr("Live runs are no longer exported"), 4000);
        return;
    }
    bool ok = false;
    const QString endpoint = QInputDialog::getText(
        m_parent, tr("Export Live Runs"),
        tr("The OpenTelemetry collector's base URL (spans go to URL/v1/traces):"),
        QLineEdit::Normal,
        m_persist
            ? QSettings().value(kEndpointKey, QStringLiteral("http://localhost:4318")).toString()
            : QStringLiteral("http://localhost:4318"),
        &ok);
    QStringList problems;
    otel::OtlpConfig config
        = otel::OtlpConfig::fromEnvironment(QProcessEnvironment::systemEnvironment(), &problems);
    config.setEndpoint(endpoint.trimmed());
    if (!ok || !config.hasUsableUrl()) {
        const QSignalBlocker block(m_liveExport);
        m_liveExport->setChecked(false);
        return;
    }
    if (m_persist)
        QSettings().setValue(kEndpointKey, endpoint.trimmed());
    otel::ExporterOptions options;
    options.config = config;
    options.resource = otel::resourceAttributes(config.serviceName, config.resourceAttributes);
    options.scopeName = QString::fromLatin1(otel::kScopeName);
    options.scopeVersion = QCoreApplication::applicationVersion();
    m_exporter = std::make_unique<otel::BatchExporter>(options);
    m_tracer = std::make_unique<otel::ExchangeTracer>(m_exporter.get(), otel::TraceOptions {});
    m_live->setExtraSinkFactory([tracer = m_tracer.get()] { return tracer->sinkFor(-1); });
    Q_EMIT message(tr("Live runs go to %1 as they end").arg(config.describe()), 8000);
}

void OtelActions::stopLiveExport()
{
    m_live->setExtraSinkFactory({});
    if (!m_tracer)
        return;
    // The exporter's last attempts wait on the network: not on the GUI thread.
    auto *tracer = m_tracer.release();
    auto *exporter = m_exporter.release();
    (void)QtConcurrent::run([tracer, exporter] {
        delete tracer;
        delete exporter;
    });
}

} // namespace agui::ui
