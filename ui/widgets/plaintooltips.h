#pragma once

#include <QObject>

namespace agui::ui {

// Every tooltip of the application as plain text. Qt shows a tooltip as rich text whenever its
// string looks like HTML (Qt::mightBeRichText), and many of ours carry agent data (event
// summaries, JSON values, tool arguments, A2UI labels, server error pages): "<b>" would be bold,
// a table or an <img> would be laid out. This application-wide filter shows each tooltip's text
// escaped (Qt::convertFromPlainText) instead: widgets' toolTip() and item views' ToolTipRole.
// Installed once, by installPlainToolTips(); anything it does not recognise is left to Qt.
class PlainToolTips : public QObject
{
public:
    using QObject::QObject;

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;
};

// Installs the filter on the application (once; later calls do nothing).
void installPlainToolTips();

// The rich text a tooltip shows for plain text: escaped, line breaks kept.
QString plainToolTipText(const QString &text);

} // namespace agui::ui
