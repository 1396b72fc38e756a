#pragma once

#include "core/analysis/capturesession.h"
#include "core/mcp/arguments.h"

#include <memory>
#include <vector>

namespace agui::mcp {

// One capture the server has open: read whole into a Session (bytes and checkpoints kept, so any
// event can be shown and any moment replayed), with its timing samples and file origins. Either
// loaded from a file, or followed: a session someone else keeps and updates between requests
// (the GUI's open session, shared over HTTP), which the server only reads.
struct OpenCapture
{
    QString name; // what tools and resource URIs call it
    QString path; // as given (findings name their file by it, as `agui-inspect lint` does)
    analysis::CaptureSession loaded;
    const analysis::CaptureSession *followed = nullptr;

    const analysis::CaptureSession &data() const { return followed ? *followed : loaded; }
    const Session &session() const { return *data().session; }
    const EventStore &events() const { return data().session->events(); }
    const Capture &capture() const { return data().capture; }
};

// The captures open in one server. Read-only: nothing here writes a file.
class CaptureSet
{
public:
    // Opens `path` (any capture format) under `name` (default: the file's base name, made unique
    // and URI-safe). The same path opened again returns its existing name. false + *error when
    // the file cannot be read.
    bool open(const QString &path, const QString &name, QString *openedName, QString *error);

    // Adds a session kept elsewhere under `name` (made unique); `session` must outlive this set
    // and change only between requests. Returns the name it got.
    QString follow(const analysis::CaptureSession *session, const QString &name,
                   const QString &path);

    const OpenCapture *find(const QString &name) const;
    const std::vector<std::unique_ptr<OpenCapture>> &all() const { return m_open; }
    // The capture the "capture" argument names, or the only open one when it is left out; an
    // invalid-params error on args otherwise.
    const OpenCapture *resolve(Arguments &args, const char *argument = "capture") const;

private:
    QString uniqueName(const QString &wanted) const;

    std::vector<std::unique_ptr<OpenCapture>> m_open;
};

} // namespace agui::mcp
