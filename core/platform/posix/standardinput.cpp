#include "core/platform/standardinput.h"

#include <QSocketNotifier>

#include <unistd.h>

namespace agui::platform {

struct StandardInputReader::Impl
{
    QSocketNotifier *notifier = nullptr;
};

StandardInputReader::StandardInputReader(std::function<void(const QByteArray &)> received,
                                         std::function<void()> ended, QObject *parent)
    : QObject(parent)
    , m_impl(std::make_unique<Impl>())
{
    m_impl->notifier = new QSocketNotifier(STDIN_FILENO, QSocketNotifier::Read, this);
    connect(m_impl->notifier, &QSocketNotifier::activated, this,
            [this, received = std::move(received), ended = std::move(ended)] {
                char bytes[4096];
                const ssize_t n = ::read(STDIN_FILENO, bytes, sizeof bytes);
                if (n <= 0) {
                    m_impl->notifier->setEnabled(false);
                    ended();
                    return;
                }
                received(QByteArray(bytes, qsizetype(n)));
            });
}

StandardInputReader::~StandardInputReader() = default;

} // namespace agui::platform
