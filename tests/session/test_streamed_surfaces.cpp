// A surface streamed as a series of ACTIVITY_SNAPSHOTs binds data its model only gets in a later
// snapshot. Its "nothing at this path" warnings hold only if the surface settles as it is, so the
// session judges them when the run ends: a reference run whose final snapshot is clean has none,
// a surface that ends unresolved has one per binding (not one per snapshot), and the Path column
// names the data-model pointer that is missing.

#include "session_test_util.h"

#include <QTest>

using namespace agui;
using namespace agui::test;

namespace {

constexpr const char *kStart = "{'type':'RUN_STARTED','threadId':'t','runId':'r'}";
constexpr const char *kFinish = "{'type':'RUN_FINISHED','threadId':'t','runId':'r'}";

// The surface's operations so far: created, a text bound to /form/name, and (once `withData`)
// the data model holding that name.
QByteArray snapshot(bool withData)
{
    QByteArray ops = "{'version':'v0.9','createSurface':{'surfaceId':'s','catalogId':'basic'}},"
                     "{'version':'v0.9','updateComponents':{'surfaceId':'s','components':["
                     "{'id':'root','component':'Text','text':{'path':'/form/name'}}]}}";
    if (withData)
        ops += ",{'version':'v0.9','updateDataModel':{'surfaceId':'s','path':'/form',"
               "'value':{'name':'Ada'}}}";
    return "{'type':'ACTIVITY_SNAPSHOT','messageId':'surface-1','activityType':'a2ui-surface',"
           "'content':{'a2ui_operations':["
        + ops + "]}}";
}

Findings unresolved(const Session &session)
{
    Findings out;
    for (const Finding &f : session.findings())
        if (f.diagnostic.ruleId == QLatin1String("a2ui.unresolved-path"))
            out.append(f);
    return out;
}

} // namespace

class TestStreamedSurfaces : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void aSurfaceWhoseDataArrivesLaterIsClean()
    {
        Session session;
        session.append(ev(kStart));
        session.append(ev(snapshot(false))); // still streaming: the name is not there yet
        session.append(ev(snapshot(false)));
        QVERIFY(unresolved(session).isEmpty()); // not judged while the run goes on
        session.append(ev(snapshot(true)));
        session.append(ev(kFinish));
        session.finish();
        QVERIFY(unresolved(session).isEmpty());
    }

    void aSurfaceThatSettlesUnresolvedIsReportedOnce()
    {
        Session session;
        session.append(ev(kStart));
        session.append(ev(snapshot(false)));
        session.append(ev(snapshot(false)));
        session.append(ev(snapshot(false)));
        session.append(ev(kFinish));
        const Findings found = unresolved(session);
        QCOMPARE(found.size(), 1);
        QCOMPARE(found.first().eventIndex, 3); // the surface's last snapshot
        QCOMPARE(found.first().diagnostic.path, QStringLiteral("/form/name"));
        QCOMPARE(found.first().diagnostic.severity, Severity::Warning);
        QCOMPARE(session.findingsAt(3).size(), 1);
    }

    void aRunCutOffIsJudgedWhenTheStreamEnds()
    {
        Session session;
        session.append(ev(kStart));
        session.append(ev(snapshot(false)));
        QVERIFY(unresolved(session).isEmpty());
        session.finish();
        QCOMPARE(unresolved(session).size(), 1);
    }

    void theNextRunEndsTheLastOnesSurfaces()
    {
        Session session;
        session.append(ev(kStart));
        session.append(ev(snapshot(false)));
        session.append(ev(kStart)); // the first run never finished
        QCOMPARE(unresolved(session).size(), 1);
        QCOMPARE(unresolved(session).first().eventIndex, 1);
    }
};

QTEST_MAIN(TestStreamedSurfaces)
#include "test_streamed_surfaces.moc"
