#pragma once

// The official AG-UI conformance corpus (tests/data/conformance/ag-ui-spec, MIT, see LICENSE.md
// there) replayed into a Session, and each fixture's expectation checked against what the
// inspector shows. Shared by tests/conformance (the corpus as tests) and tests/interop (the same
// replays next to the pinned @ag-ui/client's).
//
// How a fixture is replayed (the corpus's TypeScript lane, which its README describes): each event
// of `stream` is one frame, a `timestamp` filled in where the event has none or null (the lane's
// replay server does that, so the corpus cannot test an absent timestamp), the RunAgentInput the
// lane's client would POST given first (`input.messages` as the agent's messages, state {},
// `input.tools/context/forwardedProps`), then the stream's end.
//
// Where each key is read:
//   outcome, errorContains   the layers that model the client's rejections (schema and verify
//                            errors, wire and chunk errors passed through): "failed" iff one
//                            reports an error; errorContains against the first one
//   runError                 a run of the session ended by a RUN_ERROR whose message contains it
//   eventTypes, eventTypesAbsent, eventPaths, eventAbsentPaths
//                            the client's view: the events as delivered to an application
//   warnings, noWarnings     the findings of every layer at warning or error severity (the
//                            inspector's voice, a 1.1 consumer's: client compatibility findings
//                            are info)
//   messageCount, messages   messagesAsAgUi(session.current()) (subset match as the corpus
//                            defines it)
//   state                    the session's state
//   request, requestAbsentPaths
//                            not observable: they are about the RunAgentInput a client sends

#include "core/session/linter.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QList>
#include <QString>
#include <QStringList>

namespace conformance {

// The corpus's fixture keys, in the order results are reported.
const QStringList &expectationKeys();

struct Fixture
{
    QString id; // "1.1/state-delta-applies": version folder and name
    QJsonObject json; // the file
    QJsonObject expect; // `expect` with the typescript lane's overrides applied
};

QString corpusDir();
// Every fixture of the 1.1, 1.0 and draft folders (sorted by id); *error set on a bad file.
QList<Fixture> loadCorpus(QString *error);

// What the inspector shows after a fixture's stream.
struct Observed
{
    bool rejected = false; // a rejecting layer reported an error
    QString firstError; // its message
    qint64 firstErrorEvent = -1;
    QStringList runErrors; // RUN_ERROR messages of the session's runs
    QJsonArray delivered; // the client's view
    QStringList warnings; // messages of the findings at warning or error severity
    QStringList compat; // messages of the client-compatibility findings (layer compat, info)
    QJsonArray messages; // messagesAsAgUi
    QJsonValue state;
    agui::Findings findings;
};

// The stream as the lane sends it (JSON lines, timestamps filled in).
QByteArray fixtureBody(const Fixture &fixture);
// The RunAgentInput the lane's client POSTs for the fixture.
QJsonObject fixtureRunInput(const Fixture &fixture);
Observed replay(const Fixture &fixture);

// Does `observed` meet the expectation `value` of `key`? When not, *why says what it saw.
// Also understands the replacement keys a mark may use (see marks.json): onlyWarnings
// (every warning contains one of these strings) and findings (these rule ids are reported).
bool meets(const QString &key, const QJsonValue &value, const Observed &observed, QString *why);

// The corpus's subset match: arrays equal in length and matched element-wise, objects on the
// keys the expectation names, everything else equal.
bool matchesSubset(const QJsonValue &actual, const QJsonValue &expected);
// "<index>.<dotted path>" into a JSON value (arrays by numeric index only).
bool readPath(const QJsonValue &root, const QString &path, QJsonValue *out);

} // namespace conformance
