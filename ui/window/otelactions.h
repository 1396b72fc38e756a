#pragma once

// The window's OpenTelemetry actions (docs/otel.md):
// - File › Export as OpenTelemetry Trace…: the session's runs as spans, to an OTLP file (JSON or
//   protobuf) or a collector, built and sent on a worker thread;
// - Run › Send Trace Context: each run the window sends carries a W3C traceparent (on by
//   default), and Run › Copy Trace ID / Open Trace in Tracing UI take the last run's trace to
//   the clipboard or to the team's tracing UI (a URL template with {traceId});
// - Run › Export Live Runs to a Collector…: each live run's spans go to a collector as it ends
//   (off by default: nothing leaves the machine unless asked).
// Sees the document's capture and the live-run controller only.

#include <QObject>

#include <memory>

class QAction;
class QWidget;

namespace agui::otel {
class BatchExporter;
class ExchangeTracer;
} // namespace agui::otel

namespace agui::ui {

class LiveRunController;
class SessionDocument;

class OtelActions : public QObject
{
    Q_OBJECT

public:
    // `dialogParent` parents the dialogs; the document and the controller outlive this object.
    // `persist`: the choices (trace context, URL template, collector) are kept in QSettings.
    OtelActions(QWidget *dialogParent, const SessionDocument *document, LiveRunController *live,
                bool persist);
    ~OtelActions() override;

    QAction *exportAction() const { return m_export; }
    QAction *sendTraceContextAction() const { return m_sendContext; }
    QAction *copyTraceIdAction() const { return m_copyTraceId; }
    QAction *openTraceAction() const { return m_openTrace; }
    QAction *liveExportAction() const { return m_liveExport; }

    // What the URL template makes of a trace id ("" without a template).
    static QString traceUrl(const QString &urlTemplate, const QByteArray &traceId);

Q_SIGNALS:
    void message(const QString &text, int timeoutMs); // for the status bar

private:
    void showExportDialog();
    void updateTraceActions();
    void openTrace();
    void setLiveExport(bool on);
    void stopLiveExport();

    QWidget *m_parent;
    bool m_persist;
    const SessionDocument *m_document;
    LiveRunController *m_live;
    QAction *m_export;
    QAction *m_sendContext;
    QAction *m_copyTraceId;
    QAction *m_openTrace;
    QAction *m_liveExport;
    std::unique_ptr<otel::BatchExporter> m_exporter;
    std::unique_ptr<otel::ExchangeTracer> m_tracer;
};

} // namespace agui::ui
