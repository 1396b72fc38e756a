#pragma once

#include "core/capture/capture.h"

#include <QWidget>

class QLabel;
class QPlainTextEdit;

namespace agui::ui {

// What a proxy's rewrite rule did to one event (docs/proxy.md): which rule and action, and the
// bytes the agent sent beside the bytes the front end got, as plain text. The event detail pane
// shows it as a page of its own when the selected event was changed.
class RewriteView : public QWidget
{
    Q_OBJECT
public:
    explicit RewriteView(QWidget *parent = nullptr);

    // original: the event's bytes as the agent sent them.
    void setRewrite(const BodyRewrite &rewrite, const QByteArray &original);
    // A breakpoint on the request changed it (request.frontEndBody is set): the body the front
    // end sent beside the body the agent got.
    void setRequestChange(const RecordedRequest &request);
    void clear();

    QLabel *summaryLabel() const { return m_summary; }
    QPlainTextEdit *sentView() const { return m_sent; }
    QPlainTextEdit *deliveredView() const { return m_delivered; }

    // "Rule "shout" edited this event on its way to the front end." and the like.
    static QString describe(const BodyRewrite &rewrite);

private:
    QLabel *m_summary = nullptr;
    QLabel *m_leftTitle = nullptr;
    QLabel *m_rightTitle = nullptr;
    QPlainTextEdit *m_sent = nullptr;
    QPlainTextEdit *m_delivered = nullptr;
};

} // namespace agui::ui
