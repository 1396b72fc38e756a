#pragma once

#include "core/capture/capture.h"
#include "core/protocol/event.h"

#include <QWidget>

class QLabel;
class QPlainTextEdit;
class QTabWidget;
class QTreeView;
class QTreeWidget;

namespace agui::ui {

class JsonHighlighter;
class JsonTreeModel;
class RewriteView;

// The selected event: its JSON as a tree (expand/collapse, copy value, copy path as a JSON
// Pointer), the raw bytes as received with their offset in the stream, and its diagnostics
// (a click on one selects the field it names), and, for an event a proxy's rewrite rule changed,
// what the agent sent beside what the front end got.
class EventDetailView : public QWidget
{
    Q_OBJECT
public:
    enum Page { TreePage, RawPage, DiagnosticsPage, RewritePage };

    explicit EventDetailView(QWidget *parent = nullptr);

    // diagnostics: the event's own plus the linter's findings about it.
    void setEvent(const Event &event, int runIndex, const Diagnostics &diagnostics);
    // The findings alone (a later event added one about the shown event).
    void setDiagnostics(const Diagnostics &diagnostics);
    // What a rewrite rule did to the shown event (nullptr: nothing; the page is then not shown).
    void setRewrite(const BodyRewrite *rewrite, const QByteArray &original);
    // The same page for a run's request that a breakpoint changed (RewriteView).
    void setRequestChange(const RecordedRequest &request);
    int diagnosticCount() const;
    void clear();
    void setDarkPalette(bool dark);

    // For tests and the screenshot mode.
    QTreeView *treeView() const { return m_tree; }
    JsonTreeModel *treeModel() const { return m_model; }
    QPlainTextEdit *rawView() const { return m_raw; }
    QTreeWidget *diagnosticsView() const { return m_diagnostics; }
    QLabel *headerLabel() const { return m_header; }
    QTabWidget *pages() const { return m_pages; }
    RewriteView *rewriteView() const { return m_rewrite; }

    // "json", "raw", "diagnostics" or "changed" (only while the event has that page).
    bool showPage(const QString &name);

    void copySelectedValue() const;
    void copySelectedPointer() const;

private:
    void showTreeMenu(const QPoint &pos);

    QLabel *m_header = nullptr;
    QTabWidget *m_pages = nullptr;
    QTreeView *m_tree = nullptr;
    JsonTreeModel *m_model = nullptr;
    QPlainTextEdit *m_raw = nullptr;
    JsonHighlighter *m_highlighter = nullptr;
    QTreeWidget *m_diagnostics = nullptr;
    RewriteView *m_rewrite = nullptr;
};

} // namespace agui::ui
