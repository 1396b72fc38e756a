#pragma once

#include <QObject>

#include <memory>

class QFileSystemWatcher;
class QLabel;

namespace agui {
class MappedFile;
}

namespace agui::ui {

class WindowServices;

// A warning in the status bar when the open capture's file is rewritten in place. The session
// reads an opened file's bytes from a mapping of it (core/platform/mappedfile.h), so a view that
// shows an event reads them from the file again: after a rewrite they may no longer be what was
// loaded, and the user must know before trusting them. A file that only grows (a recording going
// on) or is replaced by a new file (saved by a rename) changes nothing shown, and says nothing.
class FileChangeNotice : public QObject
{
    Q_OBJECT
public:
    explicit FileChangeNotice(WindowServices *window);

    // A capture finished loading from path (the window's captureLoaded): watch that file.
    void watch(const QString &path, bool loaded);

private:
    void onFileChanged(const QString &path);
    void stopWatching();

    WindowServices *m_window = nullptr;
    QFileSystemWatcher *m_watcher = nullptr;
    QLabel *m_label = nullptr;
    QString m_path;
    std::weak_ptr<const MappedFile> m_mapped; // the shown capture's mapping
};

FileChangeNotice *installFileChangeNotice(WindowServices *window);

} // namespace agui::ui
