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
    const qsizetype count = fixtures.fixtures.size();
    *summary = count == 0 ? QCoreApplication::translate("FixtureSave", "no run became a fixture")
        : count == 1
        ? QCoreApplication::translate("FixtureSave",
                                      "1 aimock fixture, delayMs %1 (chosen from the run's pacing, "
                                      "docs/fixtures.md)")
              .arg(delays.join(QString()))
        : QCoreApplication::translate("FixtureSave",
                                      "%1 aimock fixtures, delayMs %2 (chosen from each run's "
                                      "pacing, docs/fixtures.md)")
              .arg(count)
              .arg(delays.join(QStringLiteral(", ")));
    if (!fixtures.warnings.isEmpty())
        *summary += QStringLiteral("; ") + fixtures.warnings.first();
    if (fixtures.warnings.size() > 1)
        *summary += QCoreApplication::translate("FixtureSave", " (and %1 more)")
                        .arg(fixtures.warnings.size() - 1);
    return true;
}

bool isAimockFixturePath(const QString &path)
{
    return path.endsWith(QLatin1String(".aimock.json"), Qt::CaseInsensitive);
}

} // namespace agui::ui
