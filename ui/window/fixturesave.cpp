#include "ui/window/fixturesave.h"

#include "core/capture/aimockwriter.h"

#include <QCoreApplication>
#include <QStringList>

namespace agui::ui {

bool writeAimockFixtures(const Capture &capture, QIODevice &file, QString *error, QString *summary)
{
    const AimockExport fixtures = captureToAimock(capture);
    if (file.write(fixtures.text) != fixtures.text.size()) {
        if (error)
            *error = file.errorString();
        return false;
    }
    if (!summary)
        return true;
    QStringList delays;
    for (const AimockExportedFixture &f : fixtures.fixtures)
        delays.append(QString::number(f.delay.delayMs));
    *summary = fixtures.fixtures.isEmpty()
        ? QCoreApplication::translate("FixtureSave", "no run became a fixture")
        : QCoreApplication::translate("FixtureSave",
                                      "%n aimock fixture(s), delayMs %1 (chosen from each run's "
                                      "pacing, docs/fixtures.md)",
                                      nullptr, int(fixtures.fixtures.size()))
              .arg(delays.join(QStringLiteral(", ")));
    if (!fixtures.warnings.isEmpty())
        *summary += QStringLiteral("; ") + fixtures.warnings.first()
            + (fixtures.warnings.size() > 1 ? QCoreApplication::translate(
                   "FixtureSave", " (and %n more)", nullptr, int(fixtures.warnings.size() - 1))
                                            : QString());
    return true;
}

bool isAimockFixturePath(const QString &path)
{
    return path.endsWith(QLatin1String(".aimock.json"), Qt::CaseInsensitive);
}

} // namespace agui::ui
