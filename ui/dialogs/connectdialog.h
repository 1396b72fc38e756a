#pragma once

#include "ui/live/runrequest.h"

#include <QDialog>

class QCheckBox;
class QComboBox;
class QDialogButtonBox;
class QLabel;
class QPlainTextEdit;
class QTableWidget;

namespace agui::ui {

class CopilotKitAgentPicker;
class CredentialStore;

// Connect and run: the endpoint (or a CopilotKit runtime and one of its agents), extra headers
// (values masked on screen; remembered only in the OS keychain, and only when asked), the
// RunAgentInput body as editable JSON validated as it is typed, and the binding (what Accept asks
// for).
class ConnectDialog : public QDialog
{
    Q_OBJECT
public:
    explicit ConnectDialog(QWidget *parent = nullptr);

    // The body to start from (the thread's messages and state carried forward, a new run id).
    void setInitialInput(const QJsonObject &input);
    void setEndpoint(const QString &url);
    void setHeaders(const HttpHeaders &headers);
    // Adds the headers whose names are not in the table yet (case-insensitive), below the rows
    // there: Run Again's recorded headers go beside the ones remembered for the endpoint, whose
    // values the keychain is still filling in.
    void addMissingHeaders(const HttpHeaders &headers);
    RunRequest request() const;
    CopilotKitAgentPicker *copilotKitAgents() const { return m_copilotKit; }

    // Empty when the form can start a run; else what is wrong (shown under the body).
    QString validationError() const;

    static QJsonObject defaultInput();
    static QString newId();

    void accept() override;

private:
    void validate();
    void addHeaderRow(const QString &name, const QString &value);
    void loadRememberedHeaders();
    void setValuesVisible(bool visible);

    QComboBox *m_endpoint = nullptr;
    CopilotKitAgentPicker *m_copilotKit = nullptr;
    QTableWidget *m_headers = nullptr;
    QCheckBox *m_showValues = nullptr;
    QCheckBox *m_remember = nullptr;
    QComboBox *m_binding = nullptr;
    QPlainTextEdit *m_body = nullptr;
    QLabel *m_bodyStatus = nullptr;
    QDialogButtonBox *m_buttons = nullptr;
    CredentialStore *m_credentials = nullptr;
    QString m_error;
};

} // namespace agui::ui
