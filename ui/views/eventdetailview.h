#pragma once

#include "core/capture/capture.h"
#include "core/protocol/event.h"

#include <QWidget>

#include <optional>

class QLabel;
class QPlainTextEdit;
class QTabWidget;
class QTreeView;
class QTreeWidget;

namespace agui::ui {

class JsonHighlighter;
class JsonTreeModel;
class LazyWidget;
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

    // For tests and the screenshot mode. The Raw bytes and Diagnostics pages are built, and
    // filled with the shown event, when first shown or asked for here; the rewrite page exists
    // once an event or request had a change to show (nullptr until then).
    QTreeView *treeView() const { return m_tree; }
    JsonTreeModel *treeModel() const { return m_model; }
    QPlainTextEdit *rawView();
    QTreeWidget *diagnosticsView();
    QLabel *headerLabel() const { return m_header; }
    QTabWidget *pages() const { return m_pages; }
    RewriteView *rewriteView() const { return m_rewrite; }

    // "json", "raw", "diagnostics" or "changed" (only while the event has that page).
    bool showPage(const QString &name);

    void copySelectedValue() const;
    void copySelectedPointer() const;

private:
    void showTreeMenu(const QPoint &pos);
    QWidget *buildRawPage();
    QWidget *buildDiagnosticsPage();
    RewriteView *ensureRewriteView();
    // Bring a built page up to the shown event when it is the current one (or asked for).
    void syncPages(bool evenIfHidden = false);
    void fillRaw();
    void markErrorInRaw(const Event &event);
    void fillDiagnostics();

    QLabel *m_header = nullptr;
    QTabWidget *m_pages = nullptr;
    QTreeView *m_tree = nullptr;
    JsonTreeModel *m_model = nullptr;
    LazyWidget *m_rawPage = nullptr;
    QPlainTextEdit *m_raw = nullptr;
    JsonHighlighter *m_highlighter = nullptr;
    LazyWidget *m_diagnosticsPage = nullptr;
    QTreeWidget *m_diagnostics = nullptr;
    RewriteView *m_rewrite = nullptr;
    bool m_dark = false;

    // What the pages show: the event (implicitly shared: no bytes are copied) and its findings.
    // A page that was hidden when they changed is filled when it is shown.
    std::optional<Event> m_event;
    Diagnostics m_diagnosticList;
    bool m_rawStale = false;
    bool m_diagnosticsStale = false;
};

} // namespace agui::ui
