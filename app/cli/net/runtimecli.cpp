#include "app/cli/net/runtimecli.h"

#include <QEventLoop>

namespace agui::cli {

bool parseTransportChoice(const QString &text, copilotkit::TransportChoice *choice, QString *error)
{
    if (text.isEmpty() || text == QLatin1String("auto"))
        *choice = copilotkit::TransportChoice::Auto;
    else if (text == QLatin1String("rest"))
        *choice = copilotkit::TransportChoice::Rest;
    else if (text == QLatin1String("single"))
        *choice = copilotkit::TransportChoice::SingleEndpoint;
    else {
        *error = QStringLiteral("--transport must be auto, rest or single, not %1").arg(text);
        return false;
    }
    return true;
}

copilotkit::ProbeResult probeRuntime(const QUrl &base, copilotkit::TransportChoice choice,
                                     const HttpHeaders &headers)
{
    copilotkit::RuntimeProbe probe;
    copilotkit::ProbeResult result;
    QEventLoop loop;
    QObject::connect(&probe, &copilotkit::RuntimeProbe::finished,
                     [&](const copilotkit::ProbeResult &r) {
                         result = r;
                         loop.quit();
                     });
    probe.start(base, choice, headers);
    loop.exec();
    return result;
}

} // namespace agui::cli
