#pragma once

#include <QByteArray>
#include <QObject>

#include <functional>
#include <memory>

namespace agui::platform {

// Reads standard input as it arrives, without blocking the event loop: `received` gets each piece
// read, `ended` runs once when input ends (a pipe closed, Ctrl+D, Ctrl+Z at a Windows console).
// Both run on the thread that made the reader. On POSIX the event loop watches the descriptor;
// on Windows, where the loop cannot wait on a console or pipe, a thread of its own reads.
class StandardInputReader : public QObject
{
public:
    StandardInputReader(std::function<void(const QByteArray &)> received,
                        std::function<void()> ended, QObject *parent = nullptr);
    ~StandardInputReader() override;

    struct Impl;

private:
    std::unique_ptr<Impl> m_impl;
};

} // namespace agui::platform
