#pragma once

// Which transport a CopilotKit runtime's base URL speaks, found the way its own client finds it
// (@copilotkit/core 1.75.0, fetchRuntimeInfoAutoDetect): GET {base}/info, and when that does not
// answer a runtime's JSON, POST {base} {"method":"info"} (the single endpoint). The result says
// what each attempt answered, so a user sees why a URL is taken for one transport or neither.

#include "core/capture/capture.h"
#include "core/copilotkit/httpfetch.h"
#include "core/copilotkit/runtimeinfo.h"
#include "core/copilotkit/runtimeroutes.h"

#include <QObject>
#include <QStringList>
#include <QUrl>

#include <optional>

namespace agui::copilotkit {

enum class TransportChoice { Auto, Rest, SingleEndpoint };

struct ProbeResult
{
    QUrl base;
    std::optional<RuntimeTransport> transport; // set with info when a runtime answered
    std::optional<RuntimeInfo> info;
    QStringList attempts; // "GET http://.../info answered 200 application/json", one per request
    QString error; // why neither transport answered as a runtime does

    bool ok() const { return transport.has_value(); }
    // One sentence: the transport and how it was found, or the error.
    QString summary() const;
};

class RuntimeProbe : public QObject
{
    Q_OBJECT

public:
    explicit RuntimeProbe(QObject *parent = nullptr);

    void start(const QUrl &base, TransportChoice choice, const HttpHeaders &extraHeaders = {});

Q_SIGNALS:
    void finished(const agui::copilotkit::ProbeResult &result);

private:
    void attempt(RuntimeTransport transport);
    void onAnswer(RuntimeTransport transport, const RuntimeRequest &request,
                  const FetchResult &answer);

    HttpFetch m_fetch;
    ProbeResult m_result;
    TransportChoice m_choice = TransportChoice::Auto;
    HttpHeaders m_headers;
    QStringList m_reasons; // why each transport was not it
};

} // namespace agui::copilotkit
