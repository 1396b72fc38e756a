#include "ui/timeline/playbackcontrols.h"

#include "ui/models/sessiondocument.h"
#include "ui/models/timetravel.h"
#include "ui/timeline/playback.h"
#include "ui/timeline/timelinewidget.h"
#include "ui/views/eventlistview.h"
#include "ui/widgets/glyphicon.h"
#include "ui/window/windowservices.h"

#include <QAction>
#include <QBoxLayout>
#include <QComboBox>
#include <QCoreApplication>
#include <QLabel>
#include <QMainWindow>
#include <QMenu>
#include <QSpinBox>
#include <QToolButton>

namespace agui::ui {

namespace {

// The translation context of this file's texts (its functions are not QObject members).
struct Text
{
    Q_DECLARE_TR_FUNCTIONS(PlaybackControls)
};

QAction *windowAction(WindowServices *window, Glyph icon, const QString &text,
                      const QKeySequence &keys, const QString &name)
{
    auto *a = new QAction(glyphIcon(icon), text, window->hostWindow());
    a->setObjectName(name);
    a->setShortcut(keys);
    // Window-wide, but a focused text field still gets its printable keys: QLineEdit and the
    // text edits accept the ShortcutOverride of a key that types.
    a->setShortcutContext(Qt::WindowShortcut);
    window->hostWindow()->addAction(a);
    return a;
}

QToolButton *buttonFor(QAction *action, QWidget *parent)
{
    auto *b = new QToolButton(parent);
    b->setDefaultAction(action);
    b->setAutoRaise(true);
    b->setFocusPolicy(Qt::NoFocus); // Space on a focused button would press it, not play
    return b;
}

QComboBox *speedBox(Playback *playback, QWidget *parent)
{
    auto *speed = new QComboBox(parent);
    speed->setObjectName(QStringLiteral("playbackSpeed"));
    speed->setToolTip(Text::tr("Playback speed: times the recorded pacing"));
    for (double x : {0.25, 0.5, 1.0, 2.0, 4.0, 8.0, 16.0})
        speed->addItem(QStringLiteral("%1×").arg(x), x);
    speed->addItem(Text::tr("As fast as possible"), Playback::kAsFastAsPossible);
    speed->setCurrentIndex(speed->findData(1.0));
    // Sized for "16×", not for its longest entry: the bar must not widen the list's pane.
    speed->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    speed->setMinimumContentsLength(5);
    speed->setFocusPolicy(Qt::ClickFocus);
    QObject::connect(speed, &QComboBox::currentIndexChanged, playback,
                     [playback, speed] { playback->setSpeed(speed->currentData().toDouble()); });
    return speed;
}

QSpinBox *maxGapBox(Playback *playback, QWidget *parent)
{
    auto *gap = new QSpinBox(parent);
    gap->setObjectName(QStringLiteral("playbackMaxGap"));
    gap->setRange(0, 600);
    gap->setValue(int(Playback::kDefaultMaxGapMs / 1000));
    gap->setPrefix(Text::tr("gap ≤ "));
    gap->setSuffix(Text::tr(" s"));
    gap->setToolTip(Text::tr("Longer pauses between events (between runs, a stalled "
                             "agent) are shortened to this when playing back"));
    gap->setFocusPolicy(Qt::ClickFocus);
    QObject::connect(gap, &QSpinBox::valueChanged, playback,
                     [playback](int s) { playback->setMaxGapMs(qint64(s) * 1000); });
    return gap;
}

} // namespace

// timeline: the session views' timeline, which a hidden event's cursor is drawn on.
Playback *installPlaybackControls(WindowServices *window, TimelineWidget *timeline)
{
    TimeTravel *travel = window->timeTravel();

    auto *playback = new Playback(window->document(), window->hostWindow());
    playback->setObjectName(QStringLiteral("sessionPlayback"));
    QAction *play = windowAction(window, Glyph::Play, Text::tr("&Play"),
                                 QKeySequence(Qt::Key_Space), QStringLiteral("playPauseAction"));
    QAction *back = windowAction(window, Glyph::StepBack, Text::tr("Step &Back"),
                                 QKeySequence(Qt::Key_Comma), QStringLiteral("stepBackAction"));
    QAction *forward
        = windowAction(window, Glyph::StepForward, Text::tr("Step &Forward"),
                       QKeySequence(Qt::Key_Period), QStringLiteral("stepForwardAction"));
    QObject::connect(play, &QAction::triggered, playback, &Playback::togglePlaying);
    QObject::connect(back, &QAction::triggered, playback, [playback] { playback->step(-1); });
    QObject::connect(forward, &QAction::triggered, playback, [playback] { playback->step(1); });
    QObject::connect(playback, &Playback::playingChanged, play, [play](bool playing) {
        play->setText(playing ? Text::tr("&Pause") : Text::tr("&Play"));
        play->setIcon(glyphIcon(playing ? Glyph::Pause : Glyph::Play));
    });

    // The cursor moves the selection as a seek does; a move by anyone else is where play goes on.
    QObject::connect(playback, &Playback::seekRequested, window->hostWindow(),
                     [window, travel, timeline](qint64 seq) {
                         if (!window->selectEvent(seq)) {
                             travel->setCurrentEvent(seq);
                             timeline->setCurrentEvent(seq);
                         }
                     });
    QObject::connect(window->eventList(), &EventListView::currentSeqChanged, playback,
                     [playback](qint64 seq) {
                         if (seq >= 0)
                             playback->setPosition(seq);
                     });
    QObject::connect(timeline, &TimelineWidget::seekRequested, playback, &Playback::setPosition);

    auto *bar = new QWidget;
    bar->setObjectName(QStringLiteral("playbackBar"));
    auto *row = new QHBoxLayout(bar);
    row->setContentsMargins(0, 0, 0, 0);
    row->addWidget(buttonFor(back, bar));
    row->addWidget(buttonFor(play, bar));
    row->addWidget(buttonFor(forward, bar));
    row->addWidget(speedBox(playback, bar));
    row->addWidget(maxGapBox(playback, bar));
    row->addStretch(1);
    // The bar never sets how narrow the list's pane may be (the speed and gap boxes clip first).
    bar->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Fixed);
    bar->setMinimumWidth(0);
    window->addBelowEventList(bar); // under the timeline

    QMenu *go = window->menu(WindowServices::MenuId::Go);
    go->addActions({play, back, forward});
    go->addSeparator();
    return playback;
}

} // namespace agui::ui
