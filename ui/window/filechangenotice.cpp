#include "ui/window/filechangenotice.h"

#include "core/platform/mappedfile.h"
#include "ui/models/sessiondocument.h"
#include "ui/window/windowservices.h"

#include <QFileInfo>
#include <QFileSystemWatcher>
#include <QLabel>
#include <QMainWindow>
#include <QStatusBar>

namespace agui::ui {

FileChangeNotice::FileChangeNotice(WindowServices *window)
    : QObject(window->hostWindow())
    , m_window(window)
    , m_watcher(new QFileSystemWatcher(this))
    , m_label(new QLabel(window->hostWindow()))
{
    m_label->setObjectName(QStringLiteral("fileChangeNotice"));
    m_label->setTextFormat(Qt::PlainText); // the file name is the user's, shown as it is
    m_label->setStyleSheet(QStringLiteral("color: #b00020;"));
    m_label->hide();
    window->hostWindow()->statusBar()->addPermanentWidget(m_label);
    connect(window->document(), &SessionDocument::aboutToReset, this,
            &FileChangeNotice::stopWatching);
    connect(m_watcher, &QFileSystemWatcher::fileChanged, this, &FileChangeNotice::onFileChanged);
}

void FileChangeNotice::watch(const QString &path, bool loaded)
{
    stopWatching();
    const std::shared_ptr<const MappedFile> &mapped = m_window->document()->capture().mappedFile;
    if (!loaded || !mapped)
        return; // the bytes are in memory: nothing the file does changes them
    m_path = path;
    m_mapped = mapped;
    m_watcher->addPath(path);
}

void FileChangeNotice::onFileChanged(const QString &path)
{
    const std::shared_ptr<const MappedFile> mapped = m_mapped.lock();
    // m_mapped is reset whenever the document is (aboutToReset): set, it is the shown capture's.
    if (path != m_path || !mapped || !mapped->gotShorter())
        return;
    m_label->setText(tr("%1 was rewritten on disk: event bytes shown now may not be those "
                        "loaded. Reopen it.")
                         .arg(QFileInfo(path).fileName()));
    m_label->setToolTip(path);
    m_label->show();
    m_watcher->removePath(path); // said once; reopening watches the new contents
}

void FileChangeNotice::stopWatching()
{
    if (!m_path.isEmpty())
        m_watcher->removePath(m_path);
    m_path.clear();
    m_mapped.reset();
    m_label->hide();
}

FileChangeNotice *installFileChangeNotice(WindowServices *window)
{
    return new FileChangeNotice(window);
}

} // namespace agui::ui
