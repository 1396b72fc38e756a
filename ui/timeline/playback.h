#pragma once

#include <QElapsedTimer>
#include <QObject>
#include <QPointer>
#include <QTimer>

namespace agui::ui {

class SessionDocument;

// Plays a session back: moves a cursor through the events at the pacing they were received
// with (receive times), times a speed, with long gaps (between runs, a stalled agent) shortened
// to at most maxGapMs. It only says where the cursor should be (seekRequested); the window
// moves the selection there, so every view follows as it does on a seek.
//
// The cursor is moved by a timer at ~60 Hz to the newest event due, never once per event: a
// capture whose events come faster than the screen refreshes skips the ones in between, so a
// million-event capture at full speed costs the GUI thread one seek per frame. Each frame walks
// at most kMaxWalkPerTick gaps (kMaxParsedWalkPerTick when times are parsed from the events); a
// playback that falls further behind slows down instead of stalling the window.
class Playback : public QObject
{
    Q_OBJECT
public:
    static constexpr int kTickMs = 16;
    static constexpr double kAsFastAsPossible = 0.0;
    // "As fast as possible" ignores the pacing: any capture plays in about this long, one event
    // per frame at least.
    static constexpr qint64 kFastPlayMs = 5000;
    // Two events of which one has no time on the session's clock are this far apart.
    static constexpr qint64 kUnknownGapUs = 100'000;
    static constexpr qint64 kDefaultMaxGapMs = 2000;
    static constexpr qint64 kMaxWalkPerTick = 200'000;
    // The same when the times are the events' "timestamp" fields, parsed per event.
    static constexpr qint64 kMaxParsedWalkPerTick = 2'000;

    explicit Playback(SessionDocument *document, QObject *parent = nullptr);

    // 1.0 = as recorded, 2.0 = twice as fast; kAsFastAsPossible (0) = no pacing.
    void setSpeed(double speed);
    double speed() const { return m_speed; }
    void setMaxGapMs(qint64 ms);
    qint64 maxGapMs() const { return m_maxGapUs / 1000; }

    bool isPlaying() const { return m_timer.isActive(); }
    qint64 position() const { return m_seq; } // -1: none yet

    // The cursor moved by someone else (a click, a seek): playing continues from there.
    void setPosition(qint64 seq);
    // Plays from the position (from the first event when there is none or it is the last).
    void play();
    void pause();
    void togglePlaying();
    // Pauses and moves the cursor delta events (clamped to the session).
    void step(qint64 delta);

    // How long the cursor waits at `seq` before moving on to seq + 1, in µs of playback time
    // (before the speed): the receive-time gap, capped at maxGapMs.
    qint64 gapAfterUs(qint64 seq) const;

Q_SIGNALS:
    void seekRequested(qint64 seq);
    void playingChanged(bool playing);

private:
    void tick();
    qint64 lastSeq() const;
    qint64 timeUs(qint64 seq) const;
    void moveTo(qint64 seq);

    QPointer<SessionDocument> m_document;
    QTimer m_timer;
    QElapsedTimer m_clock; // real time since the last tick
    double m_speed = 1.0;
    qint64 m_maxGapUs = kDefaultMaxGapMs * 1000;
    qint64 m_seq = -1;
    double m_dueUs = 0; // playback time spent at m_seq so far
};

} // namespace agui::ui
