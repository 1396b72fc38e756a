#pragma once

// Files a test writes for the code under test to read.

#include <QByteArray>
#include <QFile>
#include <QString>
#include <QTemporaryDir>

namespace agui::testing {

// `bytes` as the file `name` in `dir`; its path. A test cannot go on without it, so failing to
// write it ends the test binary, naming the file.
inline QString writeTestFile(const QTemporaryDir &dir, const QString &name, const QByteArray &bytes)
{
    const QString path = dir.filePath(name);
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size())
        qFatal("cannot write %s", qPrintable(path));
    return path;
}

} // namespace agui::testing
