#pragma once

#include <QWidget>

class QComboBox;
class QLabel;
class QTreeView;

namespace agui::ui {

class FindingsModel;

// The Findings panel, the session's list of what is wrong (Wireshark's Expert Information):
// a summary line (errors, warnings, infos, and whether any is about the stream as a whole), a
// minimum severity to show, and the findings in the order they were found. Double-click or Enter
// on a finding about an event asks the window to select it (eventActivated).
class FindingsPanel : public QWidget
{
    Q_OBJECT
public:
    // model: the session's findings, kept by the caller (it counts them while no panel shows
    // them).
    explicit FindingsPanel(FindingsModel *model, QWidget *parent = nullptr);

    QTreeView *view() const { return m_view; }
    FindingsModel *model() const { return m_model; }
    QString summary() const; // what the summary line says

Q_SIGNALS:
    void eventActivated(qint64 seq);

private:
    void updateSummary();

    FindingsModel *m_model = nullptr;
    QTreeView *m_view = nullptr;
    QLabel *m_summary = nullptr;
    QComboBox *m_minimum = nullptr;
};

} // namespace agui::ui
