// Colouring rules the user can edit (issue "the window as a daily tool"): rules kept as JSON in
// the settings, the first enabled match colouring a row with text that reads on it, and the
// editor that refuses a filter that does not parse and names the rule.

#include "ui/dialogs/colouringrulesdialog.h"
#include "ui/models/colouringrules.h"
#include "ui/models/eventlistmodel.h"
#include "ui/persistsettings.h"
#include "ui/window/mainwindow.h"

#include <QAction>
#include <QApplication>
#include <QDialogButtonBox>
#include <QLabel>
#include <QPushButton>
#include <QTableWidget>
#include <QTest>
#include <QTimer>

using namespace agui;
using namespace agui::ui;

namespace {

const QColor kRed(0xff, 0xd0, 0xd0);
const QColor kGreen(0xd0, 0xff, 0xd0);
const QColor kBlue(0x20, 0x30, 0x90);

QList<ColouringRule> testRules()
{
    return {{QStringLiteral("Errors"), QStringLiteral("has:error"), kRed, true},
            {QStringLiteral("Runs"), QStringLiteral("type:RUN_*"), kBlue, false},
            {QStringLiteral("Text"), QStringLiteral("family:text"), kGreen, true},
            {QStringLiteral("Tool names"), QStringLiteral("type:TOOL_CALL_START text:search"),
             kBlue, true}};
}

QColor backgroundOf(const EventListModel *model, int row, int column = 0)
{
    return model->index(row, column).data(Qt::BackgroundRole).value<QColor>();
}

QString smallCapture()
{
    return QStringLiteral(AGUI_TEST_DATA_DIR "/ui/small.sse");
}

} // namespace

class TestColouringRules : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { setPersistSettings(false); }

    void jsonRoundTripAndBadRules()
    {
        QCOMPARE(ColouringRules::fromJson(ColouringRules::toJson(testRules())), testRules());
        QString error;
        const QByteArray json = R"([{"name":"ok","filter":"has:diag","background":"#ffeeee"},
            {"name":"bad","filter":"colour:red","background":"#ffeeee"},
            {"name":"nocolour","filter":"has:error","background":"mauve-ish"}])";
        const QList<ColouringRule> rules = ColouringRules::fromJson(json, &error);
        QCOMPARE(rules.size(), 1);
        QCOMPARE(rules.first().name, QStringLiteral("ok"));
        QVERIFY2(error.contains(QStringLiteral("Rule 2 (bad): unknown key \"colour:\"")),
                 qPrintable(error));
        QVERIFY2(
            error.contains(QStringLiteral("Rule 3 (nocolour) has no valid background colour.")),
            qPrintable(error));
        QVERIFY(ColouringRules::fromJson("{}", &error).isEmpty());
        QVERIFY(!error.isEmpty());
        // Every default rule parses.
        QCOMPARE(ColouringRules::fromJson(ColouringRules::toJson(ColouringRules::defaults())),
                 ColouringRules::defaults());
    }

    void firstEnabledMatchColoursTheRow()
    {
        MainWindow window;
        QString error;
        QVERIFY2(window.openCaptureAndWait(smallCapture(), &error), qPrintable(error));
        EventListModel *model = window.listModel();
        model->setColouringRules(ColouringRules(testRules()));
        // 0 RUN_STARTED (its rule is off), 1-4 text, 5 the search tool call, 9 does not parse.
        QVERIFY(!backgroundOf(model, 0).isValid());
        for (int row = 1; row <= 4; ++row)
            QCOMPARE(backgroundOf(model, row, EventListModel::SummaryColumn), kGreen);
        QCOMPARE(backgroundOf(model, 5), kBlue);
        QVERIFY(!backgroundOf(model, 6).isValid());
        QCOMPARE(backgroundOf(model, 9), kRed);
        // Text reads on the colour, in every column, the Type column's family colour included.
        QCOMPARE(
            model->index(5, EventListModel::TypeColumn).data(Qt::ForegroundRole).value<QColor>(),
            QColor(Qt::white));
        QCOMPARE(
            model->index(1, EventListModel::TypeColumn).data(Qt::ForegroundRole).value<QColor>(),
            QColor(Qt::black));
        // On a dark palette a pale tint is mixed into the dark base; the text turns light.
        model->setDarkPalette(true);
        const QColor darkRed = backgroundOf(model, 9);
        QVERIFY2(darkRed.lightness() < 110 && darkRed.red() > darkRed.green(),
                 qPrintable(darkRed.name()));
        QCOMPARE(
            model->index(9, EventListModel::TypeColumn).data(Qt::ForegroundRole).value<QColor>(),
            QColor(Qt::white));
        QCOMPARE(backgroundOf(model, 5), kBlue); // already dark: as chosen
        model->setDarkPalette(false);
        // Order decides: with Runs switched on and first, row 0 is blue.
        QList<ColouringRule> rules = testRules();
        rules[1].enabled = true;
        rules.move(1, 0);
        model->setColouringRules(ColouringRules(rules));
        QCOMPARE(backgroundOf(model, 0), kBlue);
        // No rules: no backgrounds, and the Type column has its family colour back.
        model->setColouringRules(ColouringRules());
        QVERIFY(!backgroundOf(model, 9).isValid());
        QVERIFY(model->index(1, EventListModel::TypeColumn).data(Qt::ForegroundRole).isValid());
    }

    void dialogRefusesAFilterThatDoesNotParse()
    {
        ColouringRulesDialog dialog(testRules());
        QPushButton *ok = dialog.findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok);
        QVERIFY(ok->isEnabled());
        QCOMPARE(dialog.rules(), testRules());
        dialog.table()
            ->item(2, ColouringRulesDialog::FilterColumn)
            ->setText(QStringLiteral("colour:red"));
        QVERIFY(!ok->isEnabled());
        const auto *problem = dialog.findChild<QLabel *>(QStringLiteral("colouringRulesProblem"));
        QVERIFY2(
            problem->text().startsWith(QStringLiteral("Rule 3 (Text): unknown key \"colour:\"")),
            qPrintable(problem->text()));
        dialog.table()->item(2, ColouringRulesDialog::FilterColumn)->setText(QStringLiteral(" "));
        QVERIFY(!ok->isEnabled());
        QCOMPARE(problem->text(), QStringLiteral("Rule 3 (Text) needs a filter."));
        dialog.table()
            ->item(2, ColouringRulesDialog::FilterColumn)
            ->setText(QStringLiteral("family:text"));
        QVERIFY(ok->isEnabled());
        // Moving keeps each rule whole (name, filter, colour, on/off).
        dialog.table()->setCurrentCell(1, 0);
        dialog.moveCurrentRule(1);
        QList<ColouringRule> expected = testRules();
        expected.move(1, 2);
        QCOMPARE(dialog.rules(), expected);
        QCOMPARE(dialog.table()->currentRow(), 2);
        dialog.removeCurrentRule();
        expected.removeAt(2);
        QCOMPARE(dialog.rules(), expected);
        dialog.setRules(ColouringRules::defaults());
        QCOMPARE(dialog.rules(), ColouringRules::defaults());
    }

    void menuActionEditsAndApplies()
    {
        MainWindow window;
        QString error;
        QVERIFY2(window.openCaptureAndWait(smallCapture(), &error), qPrintable(error));
        // The built-in rules apply from the start: the error row is tinted.
        QVERIFY(backgroundOf(window.listModel(), 9).isValid());
        auto *action = window.findChild<QAction *>(QStringLiteral("colouringRulesAction"));
        QVERIFY(action);
        bool edited = false;
        QTimer::singleShot(0, &window, [&edited] {
            auto *dialog = qobject_cast<ColouringRulesDialog *>(QApplication::activeModalWidget());
            if (!dialog)
                return;
            dialog->setRules(
                {{QStringLiteral("Text"), QStringLiteral("family:text"), kGreen, true}});
            edited = true;
            dialog->accept();
        });
        action->trigger();
        QVERIFY(edited);
        QCOMPARE(backgroundOf(window.listModel(), 2), kGreen);
        QVERIFY(!backgroundOf(window.listModel(), 9).isValid());
    }
};

QTEST_MAIN(TestColouringRules)
#include "test_colouring_rules.moc"
