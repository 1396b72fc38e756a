// The baseline of the start-up benchmark: the smallest Qt Widgets window (a main window with a
// label), built with the same compiler, flags and Qt as agui-inspector. Writes the CLOCK_MONOTONIC
// time at which its first paint has finished (as agui-inspector --bench-startup does) to the file
// given as argument, then exits.

#include <QApplication>
#include <QFile>
#include <QLabel>
#include <QMainWindow>
#include <QTimer>

#include <time.h>

namespace {

class FirstPaint : public QObject
{
public:
    explicit FirstPaint(QString out)
        : m_out(std::move(out))
    { }

    bool eventFilter(QObject *, QEvent *event) override
    {
        if (event->type() == QEvent::Paint && !m_seen) {
            m_seen = true;
            QTimer::singleShot(0, this, [this] { report(); });
        }
        return false;
    }

private:
    void report()
    {
        timespec ts {};
        clock_gettime(CLOCK_MONOTONIC, &ts);
        QFile f(m_out);
        if (f.open(QIODevice::WriteOnly))
            f.write("{\"mode\":\"startup\",\"ok\":true,\"firstPaintEndNs\":"
                    + QByteArray::number(qint64(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec) + "}\n");
        QCoreApplication::exit(0);
    }

    QString m_out;
    bool m_seen = false;
};

} // namespace

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    FirstPaint watcher(app.arguments().value(1));
    app.installEventFilter(&watcher);
    QMainWindow window;
    window.setCentralWidget(new QLabel(QStringLiteral("Hello, world"), &window));
    window.resize(1400, 860);
    window.show();
    return QApplication::exec();
}
