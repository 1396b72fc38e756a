#include "core/mcp/captures.h"

#include <QFileInfo>
#include <QRegularExpression>

namespace agui::mcp {

QString CaptureSet::uniqueName(const QString &wanted) const
{
    // URI-safe: agui://capture/<name>/... needs no escaping.
    static const QRegularExpression unsafe(QStringLiteral("[^A-Za-z0-9._-]+"));
    QString base = wanted;
    base.replace(unsafe, QStringLiteral("-"));
    if (base.isEmpty())
        base = QStringLiteral("capture");
    QString name = base;
    for (int n = 2; find(name); ++n)
        name = QStringLiteral("%1-%2").arg(base).arg(n);
    return name;
}

bool CaptureSet::open(const QString &path, const QString &name, QString *openedName, QString *error)
{
    const QString canonical = QFileInfo(path).canonicalFilePath();
    for (const auto &c : m_open) {
        if (!canonical.isEmpty() && QFileInfo(c->path).canonicalFilePath() == canonical) {
            *openedName = c->name;
            return true;
        }
    }
    if (path == QLatin1String("-") || !QFileInfo(path).isFile()) {
        *error = QStringLiteral("%1: no such file").arg(path);
        return false;
    }
    auto opened = std::make_unique<OpenCapture>();
    opened->path = path;
    if (!analysis::loadCaptureSession(path, &opened->loaded, error)) {
        *error = QStringLiteral("%1: %2").arg(path, *error);
        return false;
    }
    opened->name = uniqueName(name.isEmpty() ? QFileInfo(path).completeBaseName() : name);
    *openedName = opened->name;
    m_open.push_back(std::move(opened));
    return true;
}

QString CaptureSet::follow(const analysis::CaptureSession *session, const QString &name,
                           const QString &path)
{
    auto followed = std::make_unique<OpenCapture>();
    followed->path = path;
    followed->followed = session;
    followed->name = uniqueName(name);
    m_open.push_back(std::move(followed));
    return m_open.back()->name;
}

const OpenCapture *CaptureSet::find(const QString &name) const
{
    for (const auto &c : m_open) {
        if (c->name == name)
            return c.get();
    }
    return nullptr;
}

const OpenCapture *CaptureSet::resolve(Arguments &args, const char *argument) const
{
    const QString name = args.string(argument);
    if (!args.ok())
        return nullptr;
    if (!args.has(argument)) {
        if (m_open.size() == 1)
            return m_open.front().get();
        args.fail(argument,
                  m_open.empty()
                      ? QStringLiteral("is needed: no capture is open (use open_capture)")
                      : QStringLiteral("is needed: %1 captures are open").arg(m_open.size()));
        return nullptr;
    }
    if (const OpenCapture *c = find(name))
        return c;
    QStringList names;
    for (const auto &c : m_open)
        names << c->name;
    args.fail(
        argument,
        QStringLiteral("names no open capture: \"%1\" (open: %2)")
            .arg(name,
                 names.isEmpty() ? QStringLiteral("none") : names.join(QStringLiteral(", "))));
    return nullptr;
}

} // namespace agui::mcp
