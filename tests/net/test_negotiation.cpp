// Which binding the AG-UI endpoint answers with, for the Accept headers clients really send.
#include "core/net/aguiendpoint.h"

#include <QTest>

using namespace agui::net;

class TestNegotiation : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void binding_data()
    {
        QTest::addColumn<QByteArray>("accept");
        QTest::addColumn<QByteArray>("expected"); // empty: 406
        const QByteArray sse("text/event-stream");
        const QByteArray proto("application/vnd.ag-ui.event+proto");
        QTest::addRow("absent") << QByteArray() << sse;
        QTest::addRow("sse") << sse << sse;
        QTest::addRow("curl wildcard") << QByteArray("*/*") << sse;
        QTest::addRow("application wildcard") << QByteArray("application/*") << proto;
        QTest::addRow("proto") << proto << proto;
        // The reference encoder ignores preference order: a named proto type with q>0 wins.
        QTest::addRow("sse preferred, proto allowed")
            << QByteArray("text/event-stream, application/vnd.ag-ui.event+proto;q=0.5") << proto;
        QTest::addRow("proto refused")
            << QByteArray("application/vnd.ag-ui.event+proto;q=0, */*") << sse;
        QTest::addRow("nothing we speak") << QByteArray("application/xml") << QByteArray();
    }
    void binding()
    {
        QFETCH(QByteArray, accept);
        QFETCH(QByteArray, expected);
        const QList<ResponseEncoding> offered = defaultEncodings();
        const ResponseEncoding *chosen = negotiate(offered, accept);
        QCOMPARE(chosen ? chosen->contentType : QByteArray(), expected);
    }
    void protoFramesAreLengthPrefixed()
    {
        const QList<ResponseEncoding> offered = defaultEncodings();
        const ResponseEncoding *proto = negotiate(offered, "application/vnd.ag-ui.event+proto");
        QVERIFY(proto);
        // Appendix A of the protocol reference: RUN_STARTED t1/r1 is 14 bytes after the prefix.
        const QByteArray frame
            = proto->encode(QJsonObject {{QStringLiteral("type"), QStringLiteral("RUN_STARTED")},
                                         {QStringLiteral("threadId"), QStringLiteral("t1")},
                                         {QStringLiteral("runId"), QStringLiteral("r1")}});
        QCOMPARE(frame.toHex(), QByteArray("0000000e620c0a02080b120274311a027231"));
    }
};

QTEST_GUILESS_MAIN(TestNegotiation)
#include "test_negotiation.moc"
