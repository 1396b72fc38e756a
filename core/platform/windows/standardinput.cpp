#include "core/platform/standardinput.h"

#include <QMetaObject>

#include <mutex>
#include <thread>

#include <windows.h>

namespace agui::platform {

namespace {

// The reading thread may outlive the reader (a blocking read of a console or pipe cannot be
// cancelled), so it posts through this, which the reader's destructor empties.
struct Relay
{
    std::mutex mutex;
    QObject *owner = nullptr;
};

} // namespace

struct StandardInputReader::Impl
{
    std::shared_ptr<Relay> relay = std::make_shared<Relay>();
};

StandardInputReader::StandardInputReader(std::function<void(const QByteArray &)> received,
                                         std::function<void()> ended, QObject *parent)
    : QObject(parent)
    , m_impl(std::make_unique<Impl>())
{
    m_impl->relay->owner = this;
    std::thread([relay = m_impl->relay, received = std::move(received), ended = std::move(ended)] {
        const HANDLE input = GetStdHandle(STD_INPUT_HANDLE);
        for (;;) {
            char bytes[4096];
            DWORD n = 0;
            const bool ok = ReadFile(input, bytes, sizeof bytes, &n, nullptr) && n > 0;
            const std::lock_guard lock(relay->mutex);
            if (!relay->owner)
                return;
            if (!ok) {
                QMetaObject::invokeMethod(relay->owner, ended, Qt::QueuedConnection);
                return;
            }
            QMetaObject::invokeMethod(
                relay->owner,
                [received, piece = QByteArray(bytes, qsizetype(n))] { received(piece); },
                Qt::QueuedConnection);
        }
    }).detach();
}

StandardInputReader::~StandardInputReader()
{
    const std::lock_guard lock(m_impl->relay->mutex);
    m_impl->relay->owner = nullptr;
}

} // namespace agui::platform
