// Test helper for test_kill_while_recording: records one live run the way the window does
// (LiveRunController into a SessionDocument, capture file in the given folder), prints the
// capture file's path on its first line of output, and runs until it is killed.
//   test_liverun_recorder URL CAPTURE_DIR

#include "ui/live/liveruncontroller.h"
#include "ui/models/sessiondocument.h"

#include <QApplication>
#include <QJsonObject>
#include <QTextStream>

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    if (argc != 3)
        return 2;
    agui::ui::SessionDocument document;
    agui::ui::LiveRunController live(&document);
    live.setCaptureDirectory(QString::fromLocal8Bit(argv[2]));
    agui::ui::RunRequest request;
    request.url = QUrl(QString::fromLocal8Bit(argv[1]));
    request.input = QJsonObject {{QStringLiteral("threadId"), QStringLiteral("t")},
                                 {QStringLiteral("runId"), QStringLiteral("r")}};
    live.start(request);
    QTextStream(stdout) << live.captureFilePath() << Qt::endl;
    return app.exec();
}
