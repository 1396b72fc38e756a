// Hostile agent content in every view: HTML and rich-text tags, a right-to-left override,
// control characters, invalid UTF-8 and a 200 kB line in text deltas, tool names, arguments and
// results, state keys and values, custom and unknown event types, a run error and an A2UI
// surface. Every view is visited at every event; the test asserts that the content stays inert:
//  - every label that shows it renders plain text (Qt::PlainText);
//  - every tooltip that carries it is shown escaped (the tags appear as text, never as markup);
//  - the event list's one-line summaries show controls and bidi overrides as \uXXXX escapes and
//    stay short however long the line;
//  - the raw and JSON views hold the tags as literal text.

#include "core/protocol/eventtype.h"
#include "ui/models/eventlistmodel.h"
#include "ui/persistsettings.h"
#include "ui/views/eventdetailview.h"
#include "ui/widgets/plaintooltips.h"
#include "ui/window/mainwindow.h"

#include <QAbstractItemView>
#include <QHelpEvent>
#include <QLabel>
#include <QPlainTextEdit>
#include <QTemporaryDir>
#include <QTest>
#include <QTextDocument>
#include <QToolTip>

using namespace agui;
using namespace agui::ui;

namespace {

const QString kMarker = QStringLiteral("HOSTILE");

// tests/data/ui/hostile-content.jsonl plus one text delta of 10,000 repeated tags (200 kB).
QByteArray hostileCapture()
{
    QFile file(QStringLiteral(AGUI_TEST_DATA_DIR "/ui/hostile-content.jsonl"));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    QList<QByteArray> lines = file.readAll().split('\n');
    const QByteArray longLine = QByteArray("<i>HOSTILE-long</i> ").repeated(10000);
    lines.insert(4,
                 "{\"type\":\"TEXT_MESSAGE_CONTENT\",\"messageId\":\"m1\",\"delta\":\"" + longLine
                     + "\"}");
    return lines.join('\n');
}

bool isInvisibleFormatting(QChar c)
{
    const char16_t u = c.unicode();
    return c.category() == QChar::Other_Control || u == 0x202E || u == 0x202D || u == 0x2066
        || u == 0x2067 || u == 0x2068;
}

} // namespace

class TestHostileContent : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { setPersistSettings(false); }

    void everyViewShowsAgentTextInert()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("hostile.jsonl"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(hostileCapture());
        file.close();

        MainWindow window;
        window.resize(1400, 900);
        window.show();
        QString error;
        QVERIFY2(window.openCaptureAndWait(path, &error), qPrintable(error));
        window.listModel()->flushPendingRows();
        QCOMPARE(window.listModel()->rowCount(), 16);

        checkSummaries(window);
        int tooltipsChecked = 0;
        for (qint64 seq = 0; seq <= window.lastEventSeq(); ++seq) {
            QVERIFY(window.selectEvent(seq));
            for (const char *tab : {"event", "state", "transcript", "tools", "surfaces"}) {
                QVERIFY(window.showTab(QLatin1StringView(tab)));
                QCoreApplication::processEvents();
                checkLabels(window);
                tooltipsChecked += checkToolTips(window);
            }
        }
        QVERIFY(tooltipsChecked > 0); // the hostile strings did reach tooltips, escaped
        // The detail view holds the bytes and the JSON as literal text.
        QVERIFY(window.selectEvent(2));
        window.showTab(QStringLiteral("event"));
        QVERIFY(window.detailView()->rawView()->toPlainText().contains(
            QStringLiteral("<b>HOSTILE</b>")));
    }

    void plainToolTipTextEscapes()
    {
        const QString shown = plainToolTipText(QStringLiteral("<b>x</b>\n<img src=\"a\">"));
        QVERIFY(shown.contains(QStringLiteral("&lt;b&gt;x&lt;/b&gt;")));
        QVERIFY(!shown.contains(QStringLiteral("<b>")));
        QVERIFY(!shown.contains(QStringLiteral("<img")));
        QTextDocument doc;
        doc.setHtml(shown);
        QCOMPARE(doc.toPlainText().simplified(), QStringLiteral("<b>x</b> <img src=\"a\">"));
    }

private:
    // One-line summaries: no raw control or bidi character, short however long the text.
    void checkSummaries(MainWindow &window)
    {
        EventListModel *model = window.listModel();
        QList<qint64> rows;
        for (int row = 0; row < model->rowCount(); ++row)
            rows.append(row);
        model->prefetchSummaries(rows); // summaries are computed off paint, ahead of display
        for (int row = 0; row < model->rowCount(); ++row) {
            const QString summary
                = model->index(row, EventListModel::SummaryColumn).data().toString();
            for (const QChar c : summary)
                QVERIFY2(
                    !isInvisibleFormatting(c),
                    qPrintable(QStringLiteral("row %1: U+%2").arg(row).arg(c.unicode(), 4, 16)));
            QVERIFY2(summary.size() < 1000, qPrintable(QString::number(summary.size())));
        }
        const QString withOverride
            = model->index(2, EventListModel::SummaryColumn).data().toString();
        QVERIFY2(withOverride.contains(QStringLiteral("\\u202e")), qPrintable(withOverride));
        QVERIFY(withOverride.contains(QStringLiteral("<b>HOSTILE</b>"))); // shown, as text
    }

    // Every label showing the agent's text renders it as plain text.
    void checkLabels(MainWindow &window)
    {
        for (QLabel *label : window.findChildren<QLabel *>()) {
            if (!label->isVisible() || !label->text().contains(kMarker))
                continue;
            // Qt's own tooltip label shows rich text by design: checkToolTips() checks that
            // what it shows is the escaped agent text.
            if (label->objectName() == QLatin1String("qtooltip_label"))
                continue;
            QVERIFY2(label->textFormat() == Qt::PlainText,
                     qPrintable(label->objectName() + QStringLiteral(": ") + label->text()));
        }
    }

    // Every visible tooltip carrying the agent's text is shown escaped.
    int checkToolTips(MainWindow &window)
    {
        int checked = 0;
        auto probe = [&](QWidget *target, const QPoint &pos, const QString &raw) {
            if (!raw.contains(kMarker) || !Qt::mightBeRichText(raw))
                return;
            QHelpEvent help(QEvent::ToolTip, pos, target->mapToGlobal(pos));
            QApplication::sendEvent(target, &help);
            const QString shown = QToolTip::text();
            QVERIFY2(!shown.isEmpty(), qPrintable(raw.left(80)));
            QTextDocument doc;
            doc.setHtml(shown);
            // Rendered, the tooltip reads exactly as the raw text: the tags are characters.
            QCOMPARE(doc.toPlainText().simplified(), raw.simplified());
            QToolTip::hideText();
            ++checked;
        };
        for (QAbstractItemView *view : window.findChildren<QAbstractItemView *>()) {
            if (!view->isVisible() || !view->model())
                continue;
            QAbstractItemModel *model = view->model();
            for (int row = 0; row < qMin(model->rowCount(view->rootIndex()), 50); ++row) {
                for (int column = 0; column < model->columnCount(view->rootIndex()); ++column) {
                    const QModelIndex index = model->index(row, column, view->rootIndex());
                    const QRect rect = view->visualRect(index);
                    if (!rect.isValid() || !view->viewport()->rect().contains(rect.center()))
                        continue;
                    probe(view->viewport(), rect.center(), index.data(Qt::ToolTipRole).toString());
                }
            }
        }
        for (QWidget *widget : window.findChildren<QWidget *>()) {
            if (widget->isVisible())
                probe(widget, widget->rect().center(), widget->toolTip());
        }
        return checked;
    }
};

QTEST_MAIN(TestHostileContent)
#include "test_hostile_content.moc"
